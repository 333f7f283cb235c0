export { orderTables, type RelationalTable, type Relationship } from './relational-metadata.js';
export {
  fitRelationalSynthesizer,
  type RelationalSynthesizer,
  type SyntheticTable,
} from './synthesize-relational.js';
