export { convertTable } from './convert-table.js';
export { readCsvRows } from './csv-rows.js';
export { detectInputFormat, readTableBytes, type InputFormat } from './read-table.js';
