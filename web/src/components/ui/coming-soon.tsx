import type { ReactNode } from 'react';
import { Icon, type IconName } from '@/components/ui/icon';

type ComingSoonProps = {
  icon: IconName;
  title: string;
  description: string;
  children?: ReactNode;
};

/** A screen whose feature has not shipped yet: says so plainly and offers a way on. */
export function ComingSoon({ icon, title, description, children }: ComingSoonProps) {
  return (
    <section className="coming-soon" aria-labelledby="coming-soon-title">
      <span className="icon-tile coming-soon__icon">
        <Icon name={icon} />
      </span>
      <span className="badge badge--soft">Coming soon</span>
      <h2 id="coming-soon-title" className="coming-soon__title">
        {title}
      </h2>
      <p className="coming-soon__text">{description}</p>
      {children ? <div className="coming-soon__actions">{children}</div> : null}
    </section>
  );
}
