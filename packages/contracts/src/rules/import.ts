/** The largest workout export the browser sends and the api reads (issue #20; docs/product-rules.md, "Importing history"). */
export const IMPORT_MAX_FILE_BYTES = 10 * 1024 * 1024;
