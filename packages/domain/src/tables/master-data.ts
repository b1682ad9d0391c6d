import {
  masterDataColumns,
  masterDataTable,
  masterDataTableQuery,
  masterDataTypes,
  type MasterDataRow,
  type MasterDataTable,
  type MasterDataType,
} from '../schemas/master-data.ts';
import { columnsOf, declareTable, type DeclaredColumn } from './declare.ts';

const c = columnsOf<MasterDataRow>();
const text = (id: keyof MasterDataRow, header: string) =>
  c.text(id, header, (r) => {
    const value = r[id];
    return value === null ? '' : String(value);
  });

/** Every column a type may show (masterDataColumns says which, in which order). */
const columns: DeclaredColumn<MasterDataRow>[] = [
  c.number('id', 'ID', (r) => r.id, { isFilterable: false }),
  text('description', 'Description'),
  text('code', 'Code'),
  text('regionName', 'Region'),
  text('marketName', 'Market'),
  text('agencyName', 'Agency'),
  text('practiceName', 'Practice'),
  text('platformName', 'Platform'),
  text('clientName', 'Client'),
  text('assetTypeName', 'Asset Type'),
  text('assetReference', 'Asset ID'),
  text('basicName', 'Normalized User Type'),
  text('bussinesAccessName', 'Business Access'),
  text('status', 'Status'),
  c.dateTime('updatedDate', 'Updated', (r) => r.updatedDate),
];
const byId = new Map(columns.map((column) => [column.id, column]));

/** A type's columns in its order; a client's codes are its 'Client Codes'. */
const typeColumns = new Map(
  masterDataTypes.map((type): [MasterDataType, DeclaredColumn<MasterDataRow>[]] => [
    type,
    masterDataColumns[type].map((id) => {
      const column = byId.get(id)!;
      return id === 'code' && type === 'Client - Client Code'
        ? { ...column, header: 'Client Codes' }
        : column;
    }),
  ]),
);

/**
 * The Database Manager (spec 3 §2.1): the items of one master data type under the parents
 * chosen; the columns, on the screen and in the CSV, are the type's.
 */
export const masterDataItemsTable = declareTable<MasterDataRow, MasterDataTable>({
  path: '/api/Catalogs/MasterDataTable',
  title: 'Database Manager',
  csvFile: 'master-data.csv',
  list: masterDataTable,
  listKey: 'rows',
  rowId: (r) => r.id,
  body: masterDataTableQuery,
  columns,
  columnsFor: (body) => typeColumns.get(body.masterDataType as MasterDataType) ?? columns,
});
