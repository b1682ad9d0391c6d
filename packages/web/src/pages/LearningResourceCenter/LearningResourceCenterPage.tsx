import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useConfig } from '../../app/config-context.ts';
import { ExternalLink } from '../../components/ExternalLink.tsx';
import { PageSection } from '../../components/PageSection.tsx';
import { RouterLink } from '../../components/RouterLink.tsx';

/** Learning Resource Center: how to use UAP, where to read more, whom to ask. */
export function LearningResourceCenterPage() {
  const config = useConfig();
  return (
    <Box sx={{ maxWidth: 820 }}>
      <Typography sx={{ mb: 3 }}>
        UAP is where you ask for access to the advertising and marketing platforms our agencies work in, and
        where that access is approved, set up, changed and eventually removed. This page explains the main
        steps.
      </Typography>

      <PageSection title="Requesting access">
        <Typography sx={{ mb: 2 }}>
          Choose <strong>New Request</strong> on the home page. Say who the access is for (yourself, a
          colleague or an external client or vendor), check the access that person already has, then pick the
          region, market, agency, practice, platform and client, and add the accounts and the user type you
          need. Give a clear reason in the comments: the approver reads it.
        </Typography>
        <Typography sx={{ mb: 2 }}>
          Follow your requests in <strong>My Requests</strong>. While a request you created is still submitted
          you can cancel it there. To change, deactivate or reactivate access that is already in place, use{' '}
          <strong>Modify Existing Access</strong>.
        </Typography>
      </PageSection>

      <PageSection title="Approvals and provisioning">
        <Typography sx={{ mb: 2 }}>
          Each request goes to the approvers of its agency, practice, platform and client. Once approved, a
          provisioner grants the access on the platform and completes the request. You receive an email at
          each step. Approvers and provisioners find their work under <strong>My Approval Tasks</strong> and{' '}
          <strong>My Provisioning Tasks</strong>, and the paths they cover under{' '}
          <strong>My Role Details</strong>.
        </Typography>
      </PageSection>

      <PageSection title="What can be requested">
        <Typography sx={{ mb: 2 }}>
          <RouterLink to="/AgencyClients">What&apos;s Included?</RouterLink> lists the platforms and agencies
          that UAP manages and, for each agency, its clients.
        </Typography>
      </PageSection>

      <PageSection title="More help">
        <Typography sx={{ mb: 2 }}>
          Step-by-step guides and answers to common questions are in the{' '}
          <ExternalLink href={config.documentationUrl}>UAP documentation</ExternalLink>. If something is
          missing or does not work as expected, <RouterLink to="/Contact">contact the UAP team</RouterLink>.
        </Typography>
      </PageSection>
    </Box>
  );
}
