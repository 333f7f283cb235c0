export { measureMlEfficacy, type MlEfficacy } from './ml-efficacy.js';
export type { BoostingOptions } from './gradient-boosting.js';
