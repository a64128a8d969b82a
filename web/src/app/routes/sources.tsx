import { PageHeader } from '@/components/ui/page-header';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { SourcesArea } from '@/features/sources/components/sources-area';

/** Issue 50: the learner's own documents, read into passages for videos written from them. */
export function SourcesRoute() {
  useDocumentTitle('Sources');
  const { user } = useAuth();
  return (
    <div className="container page">
      <PageHeader title="Sources" description="Your own documents, for videos that teach what they say." />
      {user ? <SourcesArea userId={user.uid} /> : null}
    </div>
  );
}
