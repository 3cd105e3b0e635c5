import { Writable } from 'node:stream';

/** Everything the production logger writes (pass it as `logStream` to startTestApp). */
export class LogCapture extends Writable {
  text = '';
  override _write(chunk: Buffer, _encoding: string, done: () => void) {
    this.text += chunk.toString();
    done();
  }
}
