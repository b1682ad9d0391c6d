import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import GroupIcon from '@mui/icons-material/Group';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import { PLATFORM_OWNERSHIP_ID, messages, type CreateRequestBody } from '@uap/domain';
import { useClientsQuery, usePlatformsQuery, usePracticesQuery } from '../../../api/catalog.ts';
import {
  useValidateBusinessManagerMutation,
  useValidatePlatformMutation,
} from '../../../api/create-request.ts';
import {
  CascadingSelects,
  emptyPath,
  type PathValue,
} from '../../../components/CascadingSelects/CascadingSelects.tsx';
import { AccountDetails, emptyAccount, type AccountChoice } from '../AccountDetails.tsx';
import { AddAccountsDialog } from '../AddAccountsDialog.tsx';
import { BusinessAccessDialog, type PathIds } from '../BusinessAccessDialog.tsx';
import type { Outcome } from '../OutcomeDialog.tsx';
import { PendingLines } from '../PendingLines.tsx';
import { usePathPreview } from '../../../api/coverage.ts';
import { SubmitSection } from '../SubmitSection.tsx';
import { licenceAdvice, toPayloadRow, type AccountRowDraft } from '../account-rows.ts';
import type { CompletedUser } from './UserStep.tsx';
import { DisabledReason } from '../../../components/DisabledReason.tsx';
import { MissingMasterData } from '../MissingMasterData.tsx';
import { SameAccessDialog } from '../SameAccessDialog.tsx';
import { BundleDialog } from '../BundleDialog.tsx';

const Section = ({ title, children }: { title: string; children: React.ReactNode }) => (
  <Box component="section" aria-label={title} sx={{ mb: 3 }}>
    <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
      {title}
    </Typography>
    {children}
  </Box>
);

/** Step 2, Platform Access Information: path, account details, accounts, comments and submit. */
export function PlatformStep({ user, onBack }: { user: CompletedUser; onBack: () => void }) {
  const [path, setPath] = useState<PathValue>(emptyPath);
  const [account, setAccount] = useState<AccountChoice>(emptyAccount);
  const [lines, setLines] = useState<AccountRowDraft[]>([]);
  const [findings, setFindings] = useState<string[]>([]);
  const [dialog, setDialog] = useState<'accounts' | 'business' | 'sameAccess' | 'bundle' | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const platforms = usePlatformsQuery(path.agencyId, path.practiceId);
  const practices = usePracticesQuery(path.agencyId);
  const clients = useClientsQuery(account.platformId, path.agencyId);
  const validatePlatform = useValidatePlatformMutation();
  const validateAccounts = useValidateBusinessManagerMutation();
  const platform = platforms.data?.find((p) => p.platformId === account.platformId);
  const practice = practices.data?.find((p) => p.practice.practiceId === path.practiceId)?.practice
    .description;
  const ids: PathIds | null =
    path.regionId && path.marketId && path.agencyId && path.practiceId
      ? {
          regionId: path.regionId,
          marketId: path.marketId,
          agencyId: path.agencyId,
          practiceId: path.practiceId,
        }
      : null;
  const isLocked = lines.length > 0;
  // A bundle belongs to a region, market and agency: Step 1's first three choices.
  const bundlePlace =
    path.regionId && path.marketId && path.agencyId
      ? { regionId: path.regionId, marketId: path.marketId, agencyId: path.agencyId }
      : null;
  // Who will approve and provision the pending lines, by the routing rule.
  const preview = usePathPreview(
    ids && account.platformId && lines.length > 0
      ? {
          ...ids,
          platformId: account.platformId,
          ...(account.clientId ? { clientId: account.clientId } : {}),
        }
      : null,
  );
  // A platform without clients on this path still offers its agency-level asset types.
  const hasNoClients = !!platform && clients.isSuccess && clients.data.length === 0;
  const hasAgencyLevelAssets = platform?.assets.some((a) => a.isSystemRecord) ?? false;
  const addAccountsBlocked = !platform
    ? messages.addAccountNeedsClient
    : hasNoClients
      ? hasAgencyLevelAssets
        ? null
        : messages.nothingToRequestOnPath(platform.description)
      : account.clientId === null
        ? messages.addAccountNeedsClient
        : null;
  const advice = licenceAdvice(platform, practice);

  const handlePath = (next: PathValue) => {
    setPath(next);
    setAccount(emptyAccount);
    setFindings([]);
  };
  const handlePlatform = (platformId: number) => {
    // Picking a platform clears client and ownership (spec 1 §4).
    setAccount({ ...emptyAccount, platformId });
    setFindings([]);
    if (!ids) {
      return;
    }
    validatePlatform.mutate(
      { userId: user.userId, email: user.email, platformId, ...ids },
      {
        onSuccess: (f) => {
          setFindings(
            [f.accessExistsToOtherEmailsMessage, f.accessexistsMessage].filter(
              (m): m is string => m !== null,
            ),
          );
          if (f.question && platforms.data?.find((p) => p.platformId === platformId)?.businessAccess) {
            setDialog('business');
          }
        },
        // A failed validation call resets the selection (spec 1 §8).
        onError: () => {
          setAccount(emptyAccount);
        },
      },
    );
  };
  // Who the lines are for and where, as the validation and the request name them.
  const target =
    ids && account.platformId
      ? {
          UserId: user.userId,
          Email: user.email,
          RegionId: ids.regionId,
          MarketId: ids.marketId,
          AgencyId: ids.agencyId,
          PracticeId: ids.practiceId,
          PlatformId: account.platformId,
          ClientId: account.clientId,
        }
      : null;
  const handleAccounts = (rows: AccountRowDraft[]) => {
    if (!target) {
      return;
    }
    validateAccounts.mutate(
      {
        ...target,
        RequestAccountAccess: rows.map((r) => ({ AssetId: r.assetId, ClientAccountsIds: r.accountIds })),
      },
      {
        onSuccess: (f) => {
          setFindings(f.accessExistsToOtherEmailsMessage ? [f.accessExistsToOtherEmailsMessage] : []);
          setLines([...lines, ...rows]);
          setDialog(null);
        },
        onError: () => {
          setDialog(null);
        },
      },
    );
  };
  const buildBody = (): Omit<CreateRequestBody, 'Comments' | 'IsUrgent'> | null =>
    target
      ? {
          IsInternal: user.isInternal,
          ...target,
          ClientCodeId: account.clientCodeId,
          ProductCode: account.productCode,
          PlatformOwnerShipId: PLATFORM_OWNERSHIP_ID,
          SharePointId: '',
          ApprovedRejectedBy: null,
          RequestAccountAccess: lines.map(toPayloadRow),
          ManagerEmail: user.isInternal ? (user.manager?.mail ?? null) : null,
          ManagerName: user.isInternal ? (user.manager?.displayName ?? null) : null,
        }
      : null;

  return (
    <Box>
      <Section title="Step 1 Platform Details">
        <CascadingSelects value={path} onChange={handlePath} isDisabled={isLocked} />
      </Section>
      <Section title="Step 2 Account Details">
        <AccountDetails
          value={account}
          platforms={ids ? (platforms.data ?? []) : []}
          clients={clients.data ?? []}
          isLocked={isLocked}
          onPlatform={handlePlatform}
          onChange={setAccount}
        />
        {findings.map((f) => (
          <Alert key={f} severity="warning" sx={{ mt: 1 }}>
            {f}
          </Alert>
        ))}
        {hasNoClients && hasAgencyLevelAssets && (
          <MissingMasterData message={messages.noClientsOnPath(platform.description)} />
        )}
        {advice && (
          <Alert severity="info" sx={{ mt: 1 }}>
            {advice}
          </Alert>
        )}
      </Section>
      <Section title="Step 3 Add Account(s)">
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
          <DisabledReason reason={addAccountsBlocked}>
            <Button
              variant="outlined"
              startIcon={<AddIcon />}
              disabled={addAccountsBlocked !== null}
              onClick={() => {
                setDialog('accounts');
              }}
            >
              Add account
            </Button>
          </DisabledReason>
          {/* Instead of a path and accounts: the records a colleague holds. */}
          <Button variant="outlined" startIcon={<GroupIcon />} onClick={() => setDialog('sameAccess')}>
            {messages.sameAccessTitle}
          </Button>
          <DisabledReason reason={bundlePlace ? null : messages.bundleNeedsPlace}>
            <Button
              variant="outlined"
              startIcon={<Inventory2Icon />}
              disabled={!bundlePlace}
              onClick={() => setDialog('bundle')}
            >
              {messages.bundleChoose}
            </Button>
          </DisabledReason>
        </Box>
        {platform && hasNoClients && !hasAgencyLevelAssets && (
          <MissingMasterData message={messages.nothingToRequestOnPath(platform.description)} />
        )}
        <PendingLines
          preview={preview.data}
          platform={platform?.description ?? ''}
          client={clients.data?.find((c) => c.clientId === account.clientId)?.description ?? ''}
          lines={lines}
          onRemove={(key) => {
            setLines(lines.filter((l) => l.key !== key));
          }}
        />
      </Section>
      <SubmitSection
        hasLines={lines.length > 0}
        buildBody={buildBody}
        outcome={outcome}
        onOutcome={setOutcome}
        onBack={onBack}
      />
      {dialog === 'accounts' && platform && (
        <AddAccountsDialog
          platform={platform}
          clientId={account.clientId}
          onConfirm={handleAccounts}
          onClose={() => {
            setDialog(null);
          }}
        />
      )}
      {dialog === 'sameAccess' && <SameAccessDialog user={user} onClose={() => setDialog(null)} />}
      {dialog === 'bundle' && bundlePlace && (
        <BundleDialog user={user} place={bundlePlace} onClose={() => setDialog(null)} />
      )}
      {dialog === 'business' && platform && ids && (
        <BusinessAccessDialog
          platform={platform}
          path={ids}
          user={user}
          onCancel={() => {
            setDialog(null);
          }}
          onDone={(o) => {
            setDialog(null);
            setOutcome(o);
          }}
        />
      )}
    </Box>
  );
}
