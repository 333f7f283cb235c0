export { convertTable } from './convert-table.js';
export { detectInputFormat, readTableBytes, type InputFormat } from './read-table.js';
