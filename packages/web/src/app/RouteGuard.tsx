import { Suspense } from 'react';
import { messages, routeTitle, type RouteEntry } from '@uap/domain';
import { PageHeading } from '../components/PageHeading.tsx';
import { PageSpinner } from '../components/PageSpinner.tsx';
import { useCurrentUser } from '../session/current-user.ts';
import { pageFor } from './pages.ts';
import { useDocumentTitle } from './use-document-title.ts';

/** Shows a route's screen when the user's role reaches its minimum level (and is one of its roles, if it names them), else 'Forbidden!'. */
export function RouteGuard({ entry }: { entry: RouteEntry }) {
  const { shellUser } = useCurrentUser();
  const isAllowed =
    shellUser.roleId >= entry.minLevel &&
    (entry.roles === undefined || entry.roles.includes(shellUser.roleId));
  const title = isAllowed ? routeTitle(entry, shellUser) : messages.forbidden;
  useDocumentTitle(title);
  if (!isAllowed) {
    return <PageHeading>{messages.forbidden}</PageHeading>;
  }
  const Page = pageFor(entry.path);
  return (
    <>
      <PageHeading>{title}</PageHeading>
      {/* The heading shows while the screen's code loads. */}
      <Suspense fallback={<PageSpinner />}>
        <Page />
      </Suspense>
    </>
  );
}

/** Unknown routes. */
export function NotFoundPage() {
  useDocumentTitle(messages.notFound);
  return <PageHeading>{messages.notFound}</PageHeading>;
}
