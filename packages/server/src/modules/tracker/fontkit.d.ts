/** The part of fontkit 2 (which ships no types) the PDF text layout uses. */
declare module 'fontkit' {
  export interface Font {
    hasGlyphForCodePoint(codePoint: number): boolean;
    /** pdfkit takes a parsed font by this method. */
    layout(text: string): unknown;
  }
  export function create(buffer: Buffer | Uint8Array): Font;
}
