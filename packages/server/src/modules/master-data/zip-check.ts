import zlib from 'node:zlib';

/** Why a zip was refused: not a zip at all, or more to unpack than allowed. */
export type ZipRefusal = 'notZip' | 'tooLarge';

export interface ZipLimits {
  maxUnpackedBytes: number;
  maxEntries: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const ZIP64 = 0xffffffff;

function findEndOfDirectory(zip: Buffer): number {
  const last = zip.length - 22;
  const first = Math.max(0, last - 0xffff);
  for (let at = last; at >= first; at -= 1) {
    if (zip.readUInt32LE(at) === EOCD) {
      return at;
    }
  }
  return -1;
}

/**
 * Checks a zip (an .xlsx) before anything unpacks it: the sizes its central directory declares
 * must add up to at most `maxUnpackedBytes` over at most `maxEntries` entries (a zip bomb is
 * refused here, unpacked never). Each entry is then inflated with its declared size as a hard
 * cap, so a directory that lies about sizes is refused too. Returns null when the zip may be read.
 */
export function checkZip(zip: Buffer, limits: ZipLimits): ZipRefusal | null {
  if (zip.length < 22) {
    return 'notZip';
  }
  const end = findEndOfDirectory(zip);
  if (end < 0) {
    return 'notZip';
  }
  const entries = zip.readUInt16LE(end + 10);
  const directoryOffset = zip.readUInt32LE(end + 16);
  if (entries === 0xffff || directoryOffset === ZIP64 || entries > limits.maxEntries) {
    return 'tooLarge';
  }
  const declared: { offset: number; method: number; compressed: number; size: number }[] = [];
  let total = 0;
  let at = directoryOffset;
  for (let i = 0; i < entries; i += 1) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL) {
      return 'notZip';
    }
    const size = zip.readUInt32LE(at + 24);
    const compressed = zip.readUInt32LE(at + 20);
    if (size === ZIP64 || compressed === ZIP64) {
      return 'tooLarge';
    }
    total += size;
    if (total > limits.maxUnpackedBytes) {
      return 'tooLarge';
    }
    declared.push({ offset: zip.readUInt32LE(at + 42), method: zip.readUInt16LE(at + 10), compressed, size });
    at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  for (const entry of declared) {
    const local = entry.offset;
    if (local + 30 > zip.length || zip.readUInt32LE(local) !== LOCAL) {
      return 'notZip';
    }
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + entry.compressed);
    if (entry.method === 0) {
      if (entry.compressed !== entry.size) {
        return 'tooLarge';
      }
    } else if (entry.method === 8) {
      try {
        // Inflating past the declared size throws: the entry holds more than it says.
        const out = zlib.inflateRawSync(data, { maxOutputLength: Math.max(1, entry.size) });
        if (out.length !== entry.size) {
          return 'notZip';
        }
      } catch (error) {
        return error instanceof RangeError ? 'tooLarge' : 'notZip';
      }
    } else {
      return 'notZip';
    }
  }
  return null;
}

/** The unpacked bytes of one entry of a zip that `checkZip` accepted, or null when there is none. */
export function entryBytes(zip: Buffer, name: string): Buffer | null {
  const end = findEndOfDirectory(zip);
  const entries = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  for (let i = 0; i < entries; i += 1) {
    const nameLength = zip.readUInt16LE(at + 28);
    if (zip.subarray(at + 46, at + 46 + nameLength).toString() === name) {
      const local = zip.readUInt32LE(at + 42);
      const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
      const data = zip.subarray(start, start + zip.readUInt32LE(at + 20));
      return zip.readUInt16LE(at + 10) === 8 ? zlib.inflateRawSync(data) : data;
    }
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return null;
}

/** The text of one entry of a zip that `checkZip` accepted, or null when there is none. */
export function entryText(zip: Buffer, name: string): string | null {
  return entryBytes(zip, name)?.toString('utf8') ?? null;
}
