import Box from '@mui/material/Box';
import { useAgenciesQuery, useMarketsQuery, usePracticesQuery, useRegionsQuery } from '../../api/catalog.ts';
import type { FieldErrors } from '../FieldErrors.tsx';
import { OptionSelect, type Option } from '../forms/OptionSelect.tsx';

export interface PathValue {
  regionId: number | null;
  marketId: number | null;
  agencyId: number | null;
  practiceId: number | null;
}

export const emptyPath: PathValue = { regionId: null, marketId: null, agencyId: null, practiceId: null };

/** Region → Market → Agency → Practice; changing a level clears those below (spec 1 §4). */
export function CascadingSelects(props: {
  value: PathValue;
  onChange: (next: PathValue) => void;
  isDisabled?: boolean;
  /**
   * Offers only these (region, market) pairs (an administrator's scope); null or absent: every
   * one. An empty list offers none.
   */
  scope?: readonly { regionId: number; marketId: number }[] | null | undefined;
  /** A form's failed check of the levels (`useFieldErrors`): a missing level is marked at its select. */
  fields?: FieldErrors<keyof PathValue>;
}) {
  const { value, onChange, isDisabled = false, scope, fields } = props;
  const inScope = (pick: (pair: { regionId: number; marketId: number }) => boolean) =>
    scope ? scope.some(pick) : true;
  const regions = useRegionsQuery();
  const markets = useMarketsQuery(value.regionId);
  const agencies = useAgenciesQuery(value.marketId);
  const practices = usePracticesQuery(value.agencyId);

  // Each level: its options, when it can be chosen, and the path a choice makes.
  const levels: {
    label: string;
    name: keyof PathValue;
    options: Option[] | undefined;
    isOpen: boolean;
    pick: (id: number) => PathValue;
  }[] = [
    {
      label: 'Region',
      name: 'regionId',
      options: regions.data
        ?.filter((r) => inScope((s) => s.regionId === r.regionId))
        .map((r) => ({ id: r.regionId, label: r.description })),
      isOpen: true,
      pick: (regionId) => ({ ...emptyPath, regionId }),
    },
    {
      label: 'Market',
      name: 'marketId',
      options: markets.data
        ?.filter((m) => inScope((s) => s.regionId === value.regionId && s.marketId === m.marketId))
        .map((m) => ({ id: m.marketId, label: m.description })),
      isOpen: Boolean(value.regionId),
      pick: (marketId) => ({ ...emptyPath, regionId: value.regionId, marketId }),
    },
    {
      label: 'Agency',
      name: 'agencyId',
      options: agencies.data?.map((a) => ({ id: a.agencyId, label: a.description })),
      isOpen: Boolean(value.marketId),
      pick: (agencyId) => ({ ...value, agencyId, practiceId: null }),
    },
    {
      label: 'Practice',
      name: 'practiceId',
      options: practices.data?.map((p) => ({ id: p.practice.practiceId, label: p.practice.description })),
      isOpen: Boolean(value.agencyId),
      pick: (practiceId) => ({ ...value, practiceId }),
    },
  ];

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(4, 1fr)' }, gap: 2 }}>
      {levels.map((level) => (
        <OptionSelect
          key={level.name}
          idPrefix="path"
          label={level.label}
          name={level.name}
          fields={fields}
          value={value[level.name]}
          isDisabled={isDisabled || !level.isOpen}
          options={level.options}
          onChange={(id) => {
            onChange(level.pick(id));
          }}
        />
      ))}
    </Box>
  );
}
