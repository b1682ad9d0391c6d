import ExcelJS from 'exceljs';
import { masterDataUploadColumns, masterDataUploadOrder } from '@uap/domain';

export { applyUpload } from './upload-apply.ts';
export type { SheetRow } from './upload-model.ts';
export { readWorkbook } from './upload-read.ts';

/** The template: one sheet per type in the order they are applied, row 1 the columns (* required). */
export async function templateWorkbook(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  for (const type of masterDataUploadOrder) {
    const sheet = workbook.addWorksheet(type);
    const columns = masterDataUploadColumns[type];
    sheet.columns = columns.map((c) => ({
      header: c.required ? `${c.name}*` : c.name,
      width: Math.max(16, c.name.length + 4),
    }));
    sheet.getRow(1).font = { bold: true };
    columns.forEach((c, i) => {
      if (c.note) {
        sheet.getRow(1).getCell(i + 1).note = c.note;
      }
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
