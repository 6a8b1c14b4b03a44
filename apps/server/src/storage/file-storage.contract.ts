import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { FileStorage } from './file-storage';

const bytes = (s: string) => new TextEncoder().encode(s);
const text = (b: Uint8Array | null) => (b === null ? null : new TextDecoder().decode(b));
const drain = async (stream: Readable) => new Uint8Array(Buffer.concat(await stream.toArray()));

/**
 * What every FileStorage must do, run against each implementation (local folder, S3-compatible bucket)
 * so that a feature behaves the same whichever STORAGE_URL is set.
 */
export function fileStorageContract(name: string, storage: () => FileStorage) {
  describe(`${name}: the FileStorage contract`, () => {
    it('gives back the bytes that were put, under nested keys', async () => {
      await storage().put('history/ws1/a.mp3', bytes('hello world'));
      expect(text(await storage().get('history/ws1/a.mp3'))).toBe('hello world');
    });

    it('answers null for a file that is not there, from every reader', async () => {
      expect(await storage().get('history/none/missing.mp3')).toBeNull();
      expect(await storage().stream('history/none/missing.mp3')).toBeNull();
      expect(await storage().open('history/none/missing.mp3')).toBeNull();
    });

    it('streams a file with its size', async () => {
      await storage().put('s/stream.bin', bytes('0123456789'));
      const got = await storage().stream('s/stream.bin');
      expect(got?.size).toBe(10);
      expect(text(await drain(got!.stream))).toBe('0123456789');
    });

    it('reads the whole file or any inclusive byte range of it', async () => {
      await storage().put('r/range.bin', bytes('0123456789'));
      const file = await storage().open('r/range.bin');
      expect(file?.size).toBe(10);
      expect(text(await drain(file!.read()))).toBe('0123456789');
      expect(text(await drain(file!.read({ start: 2, end: 5 })))).toBe('2345');
      expect(text(await drain(file!.read({ start: 0, end: 0 })))).toBe('0');
      expect(text(await drain(file!.read({ start: 9, end: 9 })))).toBe('9');
    });

    it('keeps an empty file as an empty file', async () => {
      await storage().put('e/empty.bin', new Uint8Array());
      expect((await storage().open('e/empty.bin'))?.size).toBe(0);
      expect(await storage().get('e/empty.bin')).toEqual(new Uint8Array());
    });

    it('streams a file of several megabytes whole and from its tail', async () => {
      const big = new Uint8Array(randomBytes(3 * 1024 * 1024 + 17));
      await storage().put('big/file.bin', big);
      const file = await storage().open('big/file.bin');
      expect(file?.size).toBe(big.length);
      expect(Buffer.compare(await drain(file!.read()), big)).toBe(0);
      const start = big.length - 1000;
      const tail = await drain(file!.read({ start, end: big.length - 1 }));
      expect(Buffer.compare(tail, big.subarray(start))).toBe(0);
    });

    it('lets a reader stop early without disturbing later reads', async () => {
      const big = new Uint8Array(randomBytes(2 * 1024 * 1024));
      await storage().put('abort/file.bin', big);
      const file = await storage().open('abort/file.bin');
      const stream = file!.read();
      for await (const chunk of stream) {
        expect((chunk as Buffer).length).toBeGreaterThan(0);
        break; // destroys the stream
      }
      expect(stream.destroyed).toBe(true);
      expect(await drain(file!.read({ start: 0, end: 0 }))).toEqual(big.subarray(0, 1));
    });

    it('replaces a file that is put again', async () => {
      await storage().put('o/over.txt', bytes('first version'));
      await storage().put('o/over.txt', bytes('second'));
      expect(text(await storage().get('o/over.txt'))).toBe('second');
      expect((await storage().open('o/over.txt'))?.size).toBe(6);
    });

    it('deletes a file, and deleting one that is gone is not an error', async () => {
      await storage().put('d/gone.txt', bytes('x'));
      await storage().delete('d/gone.txt');
      expect(await storage().get('d/gone.txt')).toBeNull();
      await expect(storage().delete('d/gone.txt')).resolves.toBeUndefined();
    });

    it.each(['../escape.txt', 'a/../../escape.txt', '/abs.txt', 'a//b.txt', ''])(
      'refuses the key %j',
      async (key) => {
        await expect(storage().put(key, bytes('x'))).rejects.toThrow('invalid storage key');
        await expect(storage().get(key)).rejects.toThrow('invalid storage key');
      },
    );
  });
}
