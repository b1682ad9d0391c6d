import { lazy, type ComponentType } from 'react';
import { PlaceholderPage } from '../components/PlaceholderPage.tsx';

const changeUserRecords = lazy(() =>
  import('../pages/ChangeUserRecords/ChangeUserRecordsPage.tsx').then((m) => ({
    default: m.ChangeUserRecordsPage,
  })),
);

const requestTracker = lazy(() =>
  import('../pages/AllRequest/RequestTrackerPage.tsx').then((m) => ({ default: m.RequestTrackerPage })),
);

/**
 * The body of each built screen, loaded on first visit so the first load stays small.
 * A route without an entry shows the shared placeholder until its issue builds it.
 */
const builtPages: Partial<Record<string, ComponentType>> = {
  '/': lazy(() => import('../pages/Home/HomePage.tsx').then((m) => ({ default: m.HomePage }))),
  '/LearningResourceCenter': lazy(() =>
    import('../pages/LearningResourceCenter/LearningResourceCenterPage.tsx').then((m) => ({
      default: m.LearningResourceCenterPage,
    })),
  ),
  '/AgencyClients': lazy(() =>
    import('../pages/AgencyClients/AgencyClientsPage.tsx').then((m) => ({ default: m.AgencyClientsPage })),
  ),
  '/Contact': lazy(() =>
    import('../pages/Contact/ContactPage.tsx').then((m) => ({ default: m.ContactPage })),
  ),
  '/NewsLetter': lazy(() =>
    import('../pages/NewsLetter/NewsLetterPage.tsx').then((m) => ({ default: m.NewsLetterPage })),
  ),
  '/MyRequests': lazy(() =>
    import('../pages/MyRequests/MyRequestsPage.tsx').then((m) => ({ default: m.MyRequestsPage })),
  ),
  '/ChangeUserRecords': changeUserRecords,
  '/ChangeUserRecords/:filtercolumn/:filtervalue': changeUserRecords,
  '/NewRequest': lazy(() =>
    import('../pages/NewRequest/NewRequestPage.tsx').then((m) => ({ default: m.NewRequestPage })),
  ),
  '/Token': lazy(() => import('../pages/Token/TokenPage.tsx').then((m) => ({ default: m.TokenPage }))),
  '/Approvals': lazy(() =>
    import('../pages/Approvals/ApprovalsPage.tsx').then((m) => ({ default: m.ApprovalsPage })),
  ),
  '/ArchiveApprovals': lazy(() =>
    import('../pages/Approvals/ApprovalsPage.tsx').then((m) => ({ default: m.ArchiveApprovalsPage })),
  ),
  '/Provisioners': lazy(() =>
    import('../pages/Provisioners/ProvisionersPage.tsx').then((m) => ({ default: m.ProvisionersPage })),
  ),
  '/ArchiveProvisioners': lazy(() =>
    import('../pages/Provisioners/ProvisionersPage.tsx').then((m) => ({
      default: m.ArchiveProvisionersPage,
    })),
  ),
  '/AllRequest': requestTracker,
  '/AllRequest/:filtercolumn/:filtervalue': requestTracker,
  '/Logs/:logId': lazy(() =>
    import('../pages/Logs/ActivityLogPage.tsx').then((m) => ({ default: m.ActivityLogPage })),
  ),
  '/MyApprovalPaths': lazy(() =>
    import('../pages/RoleDetails/MyApprovalPathsPage.tsx').then((m) => ({ default: m.MyApprovalPathsPage })),
  ),
  '/MyMasterApprovalPath': lazy(() =>
    import('../pages/RoleDetails/MyMasterApprovalPathPage.tsx').then((m) => ({
      default: m.MyMasterApprovalPathPage,
    })),
  ),
};

export function pageFor(path: string): ComponentType {
  return builtPages[path] ?? PlaceholderPage;
}
