export { MODEL_FORMAT, MODEL_VERSION, parseModel, serializeModel } from './model-file.js';
export type { StoredModel } from './model-file.js';
