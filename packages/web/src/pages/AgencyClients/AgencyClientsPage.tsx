import { useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { messages } from '@uap/domain';
import { useAgencyPlatformsQuery } from '../../api/catalog.ts';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { AgencyCard } from './AgencyCard.tsx';
import { AgencyClientsDialog, type AgencySelection } from './AgencyClientsDialog.tsx';

/** What's Included?: each platform with its agencies; an agency opens its client list. */
export function AgencyClientsPage() {
  const { data: platforms, isPending, isError } = useAgencyPlatformsQuery();
  const [selection, setSelection] = useState<AgencySelection | null>(null);
  const handleClose = () => {
    setSelection(null);
  };

  if (isPending) {
    return <PageSpinner />;
  }
  if (isError) {
    return <Typography>{messages.errorGettingRecords}</Typography>;
  }
  if (platforms.length === 0) {
    return <Typography>{messages.noDataFound}</Typography>;
  }
  return (
    <>
      {platforms.map((platform) => {
        const headingId = `platform-${platform.platformId}`;
        return (
          <Box component="section" key={platform.platformId} aria-labelledby={headingId} sx={{ mb: 4 }}>
            <Typography variant="h2" id={headingId} sx={{ mb: 2 }}>
              {platform.platform}
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
              {platform.agencies.map((agency) => (
                <AgencyCard
                  key={agency.agencyId}
                  agency={agency.agency}
                  onSelect={() => {
                    setSelection({
                      platformId: platform.platformId,
                      platform: platform.platform,
                      agencyId: agency.agencyId,
                      agency: agency.agency,
                    });
                  }}
                />
              ))}
            </Box>
          </Box>
        );
      })}
      {selection && <AgencyClientsDialog selection={selection} onClose={handleClose} />}
    </>
  );
}
