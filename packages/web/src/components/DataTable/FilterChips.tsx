import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { ColumnFilter } from '@uap/domain';
import type { AddressFilter } from './types.ts';

const shownValues = 3;

interface FilterChipsProps {
  filters: ColumnFilter[];
  search: string;
  /** The screen's own filters from the address (see DataTableProps.addressFilters). */
  addressFilters: AddressFilter[];
  headerOf: (column: string) => string;
  onRemoveFilter: (column: string) => void;
  onClearSearch: () => void;
  onRemoveAddressFilter: (filter: AddressFilter) => void;
}

/** The active filters and search above a table, each removable on its own. */
export function FilterChips({
  filters,
  search,
  addressFilters,
  headerOf,
  onRemoveFilter,
  onClearSearch,
  onRemoveAddressFilter,
}: FilterChipsProps) {
  if (filters.length === 0 && search === '' && addressFilters.length === 0) {
    return null;
  }
  const valuesText = (values: string[]) => {
    const named = values.slice(0, shownValues).map((v) => (v === '' ? '(Blank)' : v));
    return values.length > shownValues
      ? `${named.join(', ')} +${values.length - shownValues}`
      : named.join(', ');
  };
  return (
    <Box
      component="ul"
      aria-label="Active filters"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 0, m: 0, mb: 1, listStyle: 'none' }}
    >
      {addressFilters.map((filter) => (
        <li key={filter.params.join(' ')}>
          <Chip size="small" label={filter.label} onDelete={() => onRemoveAddressFilter(filter)} />
        </li>
      ))}
      {search !== '' && (
        <li>
          <Chip size="small" label={`Search: ${search}`} onDelete={onClearSearch} />
        </li>
      )}
      {filters.map((filter) => (
        <li key={filter.column}>
          <Chip
            size="small"
            label={`${headerOf(filter.column)}: ${valuesText(filter.values)}`}
            onDelete={() => onRemoveFilter(filter.column)}
          />
        </li>
      ))}
    </Box>
  );
}
