import { Link } from 'react-router';
import { ComingSoon } from '@/components/ui/coming-soon';
import { Icon, type IconName } from '@/components/ui/icon';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';

export type CreateType = 'course' | 'lesson' | 'problem';

const types: { id: CreateType; icon: IconName; title: string; text: string; cost: string; to: string }[] = [
  {
    id: 'lesson',
    icon: 'video',
    title: 'Explainer video',
    text: 'One narrated video on any topic, at your level.',
    cost: '1 credit (2 for 10 minutes or more)',
    to: paths.createLesson,
  },
  {
    id: 'problem',
    icon: 'sigma',
    title: 'Problem solution',
    text: 'A step-by-step video solution to your problem.',
    cost: '1 credit',
    to: paths.createProblem,
  },
  {
    id: 'course',
    icon: 'layers',
    title: 'Course',
    text: 'A multi-lesson course planned around your goal.',
    cost: '3 credits',
    to: paths.createCourse,
  },
];

export function CreateRoute({ type }: { type: CreateType | null }) {
  useDocumentTitle('Create');
  return (
    <div className="container page">
      <PageHeader title="Create" description="Choose what you want Lectern to make for you." />
      <nav aria-label="What to create">
        <ul className="type-grid">
          {types.map((t) => (
            <li key={t.id}>
              <Link to={t.to} className="type-card" aria-current={t.id === type ? 'page' : undefined}>
                <span className="type-card__icon">
                  <Icon name={t.icon} />
                </span>
                <span className="type-card__title">{t.title}</span>
                <span className="type-card__text">{t.text}</span>
                <span className="type-card__cost">
                  <Icon name="zap" /> {t.cost}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <ComingSoon
        icon="sparkles"
        title="The creation studio opens soon"
        description="Describe a topic, paste a problem or set a course goal, and follow each job in the generation queue while Lectern renders it."
      >
        <Link to={paths.credits} className="btn btn--secondary">
          See your credits
        </Link>
      </ComingSoon>
    </div>
  );
}
