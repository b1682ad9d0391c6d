import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { messages, type AccessBundleItem, type FittingBundle } from '@uap/domain';

/** An access of a bundle in words: practice, platform, client, asset type, account, user type. */
export function bundleItemWords(item: AccessBundleItem): string {
  return [
    item.practiceName,
    item.platformName,
    item.clientName,
    item.assetName,
    item.clientAccountName,
    item.platformUserTypeName,
  ]
    .filter((n): n is string => n !== null && n !== '')
    .join(' · ');
}

/** The active bundles of the wizard's agency, one to choose; says so when there is none. */
export function FittingBundleChoice(props: {
  bundles: FittingBundle[] | undefined;
  value: number | null;
  onChange: (bundleId: number) => void;
}) {
  if (!props.bundles) {
    return <CircularProgress size={24} aria-label="Loading" />;
  }
  if (props.bundles.length === 0) {
    return <Alert severity="info">{messages.bundleNoneFits}</Alert>;
  }
  return (
    <FormControl sx={{ mb: 2 }}>
      <FormLabel id="bundle-choice">Bundles</FormLabel>
      <RadioGroup
        aria-labelledby="bundle-choice"
        value={props.value === null ? '' : String(props.value)}
        onChange={(e) => props.onChange(Number(e.target.value))}
      >
        {props.bundles.map((b) => (
          <FormControlLabel
            key={b.bundleId}
            value={String(b.bundleId)}
            control={<Radio />}
            label={`${b.name} (${b.itemCount} ${b.itemCount === 1 ? 'access' : 'accesses'})`}
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

/** The chosen bundle's accesses, each with its checkbox; an access gone since says why. */
export function BundleItemChecks(props: {
  items: AccessBundleItem[];
  ticked: number[];
  onChange: (ticked: number[]) => void;
}) {
  const { items, ticked } = props;
  return (
    <FormControl component="fieldset" sx={{ mb: 2, width: '100%' }}>
      <FormLabel component="legend">Accesses of the bundle</FormLabel>
      <FormGroup>
        {items.map((item) => (
          <Box key={item.itemId} sx={{ py: 0.5 }}>
            <FormControlLabel
              label={bundleItemWords(item)}
              control={
                <Checkbox
                  checked={ticked.includes(item.itemId)}
                  slotProps={{
                    input: {
                      'aria-describedby':
                        item.unavailable === null ? undefined : `bundle-item-${item.itemId}-unavailable`,
                    },
                  }}
                  onChange={(e) =>
                    props.onChange(
                      e.target.checked ? [...ticked, item.itemId] : ticked.filter((id) => id !== item.itemId),
                    )
                  }
                />
              }
            />
            {item.unavailable !== null && (
              <Typography
                id={`bundle-item-${item.itemId}-unavailable`}
                variant="body2"
                color="error"
                sx={{ ml: 4 }}
              >
                {messages.bundleItemUnavailable(item.unavailable)}
              </Typography>
            )}
          </Box>
        ))}
      </FormGroup>
    </FormControl>
  );
}
