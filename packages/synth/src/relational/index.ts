export { orderTables, type RelationalTable, type Relationship } from './relational-metadata.js';
export {
  fitRelationalSynthesizer,
  relationalSynthesizerFromModel,
  type RelationalModel,
  type RelationalSynthesizer,
  type RelationalTableModel,
  type SyntheticTable,
} from './synthesize-relational.js';
