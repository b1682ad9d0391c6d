import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Reads a PDF as a reader would, with poppler's pdftotext (Debian poppler-utils), which maps
 * embedded subset fonts back to Unicode. Installed with apt-get on first use when missing and
 * running as root, as scripts/test.mjs installs Chromium.
 */
const PDFTOTEXT = '/usr/bin/pdftotext';

function ensurePdftotext(): void {
  if (fs.existsSync(PDFTOTEXT)) {
    return;
  }
  if (process.getuid?.() !== 0) {
    throw new Error(`${PDFTOTEXT} is missing: install the Debian package poppler-utils.`);
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () =>
    spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'poppler-utils'], {
      stdio: 'ignore',
      env,
    });
  if (install().status !== 0) {
    execFileSync('apt-get', ['update'], { stdio: 'ignore', env });
    execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'poppler-utils'], {
      stdio: 'ignore',
      env,
    });
  }
}

function withFile<T>(pdf: Buffer, read: (file: string) => T): T {
  ensurePdftotext();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uap-pdf-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    fs.writeFileSync(file, pdf);
    return read(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The text of every page, in reading order. */
export function pdfText(pdf: Buffer): string {
  return withFile(pdf, (file) =>
    execFileSync(PDFTOTEXT, ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 }),
  );
}

export interface PdfWord {
  text: string;
  xMin: number;
  xMax: number;
  yMin: number;
  yMax: number;
}

export interface PdfPage {
  width: number;
  height: number;
  words: PdfWord[];
}

const unescape = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** Every word with its box (points, origin top left), page by page. */
export function pdfWords(pdf: Buffer): PdfPage[] {
  const html = withFile(pdf, (file) =>
    execFileSync(PDFTOTEXT, ['-bbox', '-enc', 'UTF-8', file, '-'], {
      encoding: 'utf8',
      maxBuffer: 512 * 1024 * 1024,
    }),
  );
  return html
    .split('<page ')
    .slice(1)
    .map((page) => {
      const size = /width="([\d.]+)" height="([\d.]+)"/.exec(page)!;
      const words = [
        ...page.matchAll(
          /<word xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" yMax="([\d.-]+)">([^<]*)<\/word>/g,
        ),
      ].map((m) => ({
        xMin: Number(m[1]),
        yMin: Number(m[2]),
        xMax: Number(m[3]),
        yMax: Number(m[4]),
        text: unescape(m[5]!),
      }));
      return { width: Number(size[1]), height: Number(size[2]), words };
    });
}
