import fs from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import type PDFDocument from 'pdfkit';

/**
 * Unicode text for pdfkit: embedded Noto fonts (SIL Open Font License, from npm) chosen per
 * character, so one line can mix Latin (Polish included), Japanese and emoji, and a line layout
 * that never passes its width: lines break at spaces, and a word longer than the line breaks
 * between characters. pdfkit embeds only the glyphs a document uses.
 */

export type Weight = 'regular' | 'bold';

/** One run of text of one weight (a label in bold, its value in regular). */
export interface Span {
  text: string;
  weight?: Weight;
}

/** Text of one face, measured: what a line is made of. */
interface Piece {
  text: string;
  font: string;
  width: number;
}

export interface Line {
  pieces: Piece[];
  width: number;
}

/** The fallback order: Noto Sans (Latin, Greek, Cyrillic), Noto Sans JP (kana, kanji), Noto Emoji. */
const FACES: Record<Weight, string[]> = {
  regular: [
    'noto-sans/400Regular/NotoSans_400Regular.ttf',
    'noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf',
    'noto-emoji/400Regular/NotoEmoji_400Regular.ttf',
  ],
  bold: [
    'noto-sans/700Bold/NotoSans_700Bold.ttf',
    'noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf',
    'noto-emoji/700Bold/NotoEmoji_700Bold.ttf',
  ],
};

/** Noto Sans's ascender: the baseline of a line sits this many font sizes below its top. */
const ASCENT = 1.069;
/** Line height in font sizes (Noto Sans's ascender + descender, and a little air). */
export const LINE_HEIGHT = 1.4;

/** Code points that belong to the character before them (joiners, variation selectors, skin tones). */
function joinsPrevious(codePoint: number): boolean {
  return (
    codePoint === 0x200d ||
    (codePoint >= 0xfe00 && codePoint <= 0xfe0f) ||
    (codePoint >= 0x1f3fb && codePoint <= 0x1f3ff) ||
    (codePoint >= 0x0300 && codePoint <= 0x036f) ||
    (codePoint >= 0xe0020 && codePoint <= 0xe007f)
  );
}

interface Face {
  name: string;
  font: fontkit.Font;
}

const require = createRequire(import.meta.url);
let loaded: Record<Weight, Face[]> | null = null;
/** The face index of each code point already looked up, per weight. */
const faceOfCodePoint: Record<Weight, Map<number, number>> = { regular: new Map(), bold: new Map() };

/** Reads and parses the font files once per process; every document shares the parsed fonts. */
function faces(): Record<Weight, Face[]> {
  loaded ??= {
    regular: FACES.regular.map((file, i) => loadFace(`regular-${i}`, file)),
    bold: FACES.bold.map((file, i) => loadFace(`bold-${i}`, file)),
  };
  return loaded;
}

function loadFace(name: string, file: string): Face {
  return {
    name: `uap-${name}`,
    font: fontkit.create(fs.readFileSync(require.resolve(`@expo-google-fonts/${file}`))),
  };
}

function faceIndex(weight: Weight, codePoint: number, previous: number): number {
  if (joinsPrevious(codePoint)) {
    return previous;
  }
  const cache = faceOfCodePoint[weight];
  let index = cache.get(codePoint);
  if (index === undefined) {
    index = faces()[weight].findIndex((face) => face.font.hasGlyphForCodePoint(codePoint));
    // No face has it: the primary face shows its missing-glyph box.
    index = Math.max(index, 0);
    cache.set(codePoint, index);
  }
  return index;
}

/** Writes Unicode text on a pdfkit document at explicit positions. */
export class PdfText {
  constructor(private readonly doc: PDFDocument) {
    for (const list of Object.values(faces())) {
      for (const face of list) {
        doc.registerFont(face.name, face.font);
      }
    }
  }

  /** Widths at size 1 of the texts measured so far, by face (a history repeats most of its words). */
  private readonly widths = new Map<string, number>();

  /** The runs of one face in `text`, each measured at `size`. */
  private pieces(text: string, weight: Weight, size: number): Piece[] {
    const list = faces()[weight];
    // Printable ASCII is always in the primary face.
    if (/^[\x20-\x7e]*$/.test(text)) {
      const font = list[0]!.name;
      return [{ text, font, width: this.measure(text, font, size) }];
    }
    const runs: { text: string; face: number }[] = [];
    let previous = 0;
    for (const char of text) {
      const face = /\s/.test(char) ? previous : faceIndex(weight, char.codePointAt(0)!, previous);
      const last = runs.at(-1);
      if (last && last.face === face) {
        last.text += char;
      } else {
        runs.push({ text: char, face });
      }
      previous = face;
    }
    return runs.map((run) => {
      const font = list[run.face]!.name;
      return { text: run.text, font, width: this.measure(run.text, font, size) };
    });
  }

  /** pdfkit's width of `text` in `font` (widths scale with the size). */
  private measure(text: string, font: string, size: number): number {
    const key = `${font}\u0000${text}`;
    let width = this.widths.get(key);
    if (width === undefined) {
      width = this.doc.font(font).fontSize(1).widthOfString(text);
      this.widths.set(key, width);
    }
    return width * size;
  }

  /**
   * Lays spans out in lines of at most `width` points: '\n' starts a line, lines break at
   * spaces, and a word longer than a whole line is broken between characters.
   */
  lines(spans: Span[], size: number, width: number): Line[] {
    const lines: Line[] = [];
    let line: Line = { pieces: [], width: 0 };
    let space: Piece[] = [];
    const finish = () => {
      lines.push(line);
      line = { pieces: [], width: 0 };
      space = [];
    };
    const add = (pieces: Piece[]) => {
      for (const piece of pieces) {
        // Neighbouring text of one face is drawn in one go.
        const last = line.pieces.at(-1);
        if (last && last.font === piece.font) {
          line.pieces[line.pieces.length - 1] = {
            text: last.text + piece.text,
            font: last.font,
            width: last.width + piece.width,
          };
        } else {
          line.pieces.push(piece);
        }
        line.width += piece.width;
      }
    };
    for (const span of spans) {
      const weight = span.weight ?? 'regular';
      for (const token of span.text.split(/(\n|[^\S\n]+)/)) {
        if (token === '') {
          continue;
        }
        if (token === '\n') {
          finish();
          continue;
        }
        const pieces = this.pieces(token, weight, size);
        if (/^\s+$/.test(token)) {
          space = line.pieces.length > 0 ? pieces : [];
          continue;
        }
        const needed = total(space) + total(pieces);
        if (line.width + needed <= width) {
          add([...space, ...pieces]);
          space = [];
          continue;
        }
        if (line.pieces.length > 0) {
          finish();
        }
        if (total(pieces) <= width) {
          add(pieces);
          continue;
        }
        for (const chunk of this.breakWord(token, weight, size, width)) {
          if (line.pieces.length > 0) {
            finish();
          }
          add(chunk);
        }
      }
    }
    if (line.pieces.length > 0 || lines.length === 0) {
      lines.push(line);
    }
    return lines;
  }

  /** A word wider than `width`, cut into pieces that each fit (at least one character each). */
  private breakWord(word: string, weight: Weight, size: number, width: number): Piece[][] {
    const chars = Array.from(word);
    const chunks: Piece[][] = [];
    let start = 0;
    while (start < chars.length) {
      // The longest prefix that fits, found by halving (widths grow with length).
      let low = start + 1;
      let high = chars.length;
      while (low < high) {
        const middle = Math.ceil((low + high) / 2);
        if (total(this.pieces(chars.slice(start, middle).join(''), weight, size)) <= width) {
          low = middle;
        } else {
          high = middle - 1;
        }
      }
      chunks.push(this.pieces(chars.slice(start, low).join(''), weight, size));
      start = low;
    }
    return chunks;
  }

  /** Draws one line with its top at `y`. */
  draw(line: Line, x: number, y: number, size: number): void {
    let left = x;
    for (const piece of line.pieces) {
      this.doc
        .font(piece.font)
        .fontSize(size)
        .text(piece.text, left, y + ASCENT * size, { lineBreak: false, baseline: 'alphabetic' });
      left += piece.width;
    }
  }
}

function total(pieces: Piece[]): number {
  return pieces.reduce((sum, piece) => sum + piece.width, 0);
}
