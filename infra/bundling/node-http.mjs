// Bundles import `node:http` through this module (esbuild alias, see bundling-options.ts):
// `process.getBuiltinModule` hands over the already-loaded built-in, where an ES `import` of it
// costs 15–20 ms of every cold start (measured by `npm run bench`).
const http = process.getBuiltinModule('node:http');
export default http;
export const {
  METHODS,
  STATUS_CODES,
  Agent,
  ClientRequest,
  IncomingMessage,
  OutgoingMessage,
  Server,
  ServerResponse,
  createServer,
  validateHeaderName,
  validateHeaderValue,
  get,
  request,
  setMaxIdleHTTPParsers,
  maxHeaderSize,
  globalAgent,
} = http;
