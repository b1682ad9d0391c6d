import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useConfig } from '../../app/config-context.ts';
import { PageSection } from '../../components/PageSection.tsx';
import { RouterLink } from '../../components/RouterLink.tsx';

/** The November 2021 newsletter (spec 3 §2.13): static news, features and tips. */
export function NewsLetterPage() {
  const config = useConfig();
  return (
    <Paper component="article" variant="outlined" sx={{ p: { xs: 2, sm: 4 }, maxWidth: 860 }}>
      <Typography variant="overline" component="p">
        <time dateTime="2021-11">November 2021</time>
      </Typography>
      <Typography sx={{ mb: 3 }}>
        News from the team behind the User Access Portal: where UAP is used today, who joins next, what is new
        and how to get the most out of it.
      </Typography>

      <PageSection title="UAP is the way in to Facebook and Google Ads">
        <Typography>
          For several of our agencies, access to Facebook business managers and Google Ads accounts is now
          requested, approved and granted only through UAP. Every grant has a named approver, a provisioner
          and a record you can look up later, and access that is no longer needed can be removed in a few
          clicks.
        </Typography>
      </PageSection>

      <PageSection title="Coming in Q1 '22">
        <Typography>
          More agencies are being onboarded in the first quarter of 2022. Their teams will receive an
          introduction and a walkthrough before their platforms move to UAP.
        </Typography>
      </PageSection>

      <PageSection title="New features">
        <Box component="ul" sx={{ mt: 0, pl: 3 }}>
          <li>
            <Typography>
              Cancel a request yourself from My Requests, as long as you created it and it is still submitted.
            </Typography>
          </li>
          <li>
            <Typography>
              Asset names are searchable: type part of a name or an ID to find an account.
            </Typography>
          </li>
          <li>
            <Typography>
              Choosing more than 20 Facebook ad accounts now prompts you to request an asset group instead,
              which is quicker to approve and easier to maintain.
            </Typography>
          </li>
          <li>
            <Typography>
              Google Ads allows up to 20 accounts per email address, so spread larger requests across the
              emails of the people who need them.
            </Typography>
          </li>
        </Box>
      </PageSection>

      <PageSection title="Tips">
        <Box component="ul" sx={{ mt: 0, pl: 3 }}>
          <li>
            <Typography>
              Check the existing access step first: the access may already be there or pending.
            </Typography>
          </li>
          <li>
            <Typography>Write a clear business reason in the comments; approvers decide on it.</Typography>
          </li>
          <li>
            <Typography>Mark a request urgent only when it really cannot wait.</Typography>
          </li>
        </Box>
      </PageSection>

      <PageSection title="Need help?">
        <Typography>
          Write to <Link href={`mailto:${config.contactEmail}`}>{config.contactEmail}</Link> or use the{' '}
          <RouterLink to="/Contact">Contact Us</RouterLink> page.
        </Typography>
      </PageSection>
    </Paper>
  );
}
