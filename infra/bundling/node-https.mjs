// `node:https` through `process.getBuiltinModule`, like node-http.mjs.
const https = process.getBuiltinModule('node:https');
export default https;
export const { Agent, globalAgent, Server, createServer, get, request } = https;
