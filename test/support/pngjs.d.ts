// pngjs ships without types (it comes in as a dependency of qrcode); the tests read PNGs and
// make the few they upload (a logo of a given size).
declare module 'pngjs' {
  export class PNG {
    constructor(options?: { width: number; height: number });
    width: number;
    height: number;
    data: Buffer;
    static sync: { read(buffer: Buffer): PNG; write(png: PNG): Buffer };
  }
  const pngjs: { PNG: typeof PNG };
  export default pngjs;
}
