// pngjs ships without types (it comes in as a dependency of qrcode); the tests only read PNGs.
declare module 'pngjs' {
  export class PNG {
    width: number;
    height: number;
    data: Buffer;
    static sync: { read(buffer: Buffer): PNG };
  }
  const pngjs: { PNG: typeof PNG };
  export default pngjs;
}
