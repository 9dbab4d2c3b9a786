// Reads a whole ZIP archive back for assertions, through yauzl (an independent reader that checks
// the central directory, ZIP64 records and every entry's size).
import yauzl from 'yauzl';

export interface ZipEntryRead {
  name: string;
  bytes: Buffer;
  modifiedAt: Date;
}

export async function readZip(archive: Buffer): Promise<Map<string, ZipEntryRead>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(archive, { lazyEntries: true, strictFileNames: true, validateEntrySizes: true }, (error, file) => (error ? reject(error) : resolve(file))),
  );
  const entries = new Map<string, ZipEntryRead>();
  await new Promise<void>((resolve, reject) => {
    zip.on('error', reject);
    zip.on('end', () => resolve());
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('error', reject);
        stream.on('end', () => {
          entries.set(entry.fileName, { name: entry.fileName, bytes: Buffer.concat(chunks), modifiedAt: entry.getLastModDate({ timezone: 'UTC' }) });
          zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
  return entries;
}
