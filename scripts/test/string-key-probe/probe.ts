// The file scripts/test/string-key-injection.test.mjs lints: each case's code stands in for
// this text, checked under this folder's tsconfig.json.
export {};
