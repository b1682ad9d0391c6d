/** The part of pdfkit 0.20 (which ships no types) the activity log PDF uses. */
declare module 'pdfkit' {
  import { Readable } from 'node:stream';
  import type { Font } from 'fontkit';

  interface TextOptions {
    width?: number;
    align?: 'left' | 'center' | 'right' | 'justify';
    continued?: boolean;
    lineGap?: number;
    lineBreak?: boolean;
    baseline?: 'top' | 'alphabetic' | 'middle' | 'bottom' | number;
  }

  interface DocumentOptions {
    size?: string | [number, number];
    layout?: 'portrait' | 'landscape';
    margin?: number;
    compress?: boolean;
    autoFirstPage?: boolean;
    bufferPages?: boolean;
    info?: Record<string, string | Date>;
  }

  export default class PDFDocument extends Readable {
    constructor(options?: DocumentOptions);
    x: number;
    y: number;
    page: {
      width: number;
      height: number;
      margins: { top: number; bottom: number; left: number; right: number };
    };
    font(name: string): this;
    /** A font file's bytes, or a font fontkit has already parsed (shared between documents). */
    registerFont(name: string, src: Buffer | Font): this;
    widthOfString(text: string, options?: TextOptions): number;
    fontSize(size: number): this;
    fillColor(color: string): this;
    strokeColor(color: string): this;
    text(text: string, options?: TextOptions): this;
    text(text: string, x?: number, y?: number, options?: TextOptions): this;
    heightOfString(text: string, options?: TextOptions): number;
    moveDown(lines?: number): this;
    moveTo(x: number, y: number): this;
    lineTo(x: number, y: number): this;
    stroke(): this;
    addPage(options?: DocumentOptions): this;
    end(): void;
  }
}
