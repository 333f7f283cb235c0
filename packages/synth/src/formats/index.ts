export { convertCsvStream, convertTable, isExactNumber } from './convert-table.js';
export { readCsvBatches, readCsvRows, regroupRows } from './csv-rows.js';
export { detectInputFormat, readTableBytes, type InputFormat } from './read-table.js';
