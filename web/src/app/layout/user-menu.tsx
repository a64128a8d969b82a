import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { Icon } from '@/components/ui/icon';
import { paths } from '@/config/paths';
import { formatCreditCount } from '@/features/credits/lib/credit-rules';
import type { User } from '@/types/api';

function initials(user: User): string {
  const source = user.displayName || `${user.firstName} ${user.lastName}`.trim() || user.email;
  const parts = source.split(/[\s@.]+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts[1]?.[0] ?? '')).toUpperCase() || '?';
}

function Avatar({ user }: { user: User }) {
  const [failed, setFailed] = useState(false);
  if (user.photoURL && !failed) {
    return <img className="avatar" src={user.photoURL} alt="" referrerPolicy="no-referrer" onError={() => setFailed(true)} />;
  }
  // The initials are painted by CSS: decoration, so they stay out of the button's name and its
  // visible-label check (WCAG 2.5.3), which compare the text of the DOM.
  return <span className="avatar" aria-hidden="true" data-initials={initials(user)} />;
}

type UserMenuProps = {
  user: User;
  credits: number | null;
  onSignOut: () => void;
};

/** A menu button (WAI-ARIA pattern): arrows move, Escape closes and returns focus. */
export function UserMenu({ user, credits, onSignOut }: UserMenuProps) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const menuId = useId();
  const name = user.displayName || `${user.firstName} ${user.lastName}`.trim() || user.email;

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (!open) return undefined;
    items()[0]?.focus();
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const close = (focusButton: boolean) => {
    setOpen(false);
    if (focusButton) buttonRef.current?.focus();
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      list[(index + 1) % list.length]?.focus();
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      list[(index - 1 + list.length) % list.length]?.focus();
    } else if (event.key === 'Home') {
      event.preventDefault();
      list[0]?.focus();
    } else if (event.key === 'End') {
      event.preventDefault();
      list[list.length - 1]?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
    }
  };

  const choose = (action: () => void) => {
    close(true);
    action();
  };

  return (
    <div className="user-menu">
      <button
        ref={buttonRef}
        type="button"
        className="user-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={`Account menu for ${name}`}
        onClick={() => setOpen((v) => !v)}
        onKeyDown={onButtonKeyDown}
      >
        <Avatar user={user} />
        <span className="user-menu__name">{user.firstName || name}</span>
        <Icon name="chevron-down" className="user-menu__chevron" />
      </button>
      <div
        ref={menuRef}
        id={menuId}
        role="menu"
        aria-label="Account"
        className="user-menu__panel"
        hidden={!open}
        onKeyDown={onMenuKeyDown}
      >
        <div className="user-menu__header">
          <Avatar user={user} />
          {/* The name over the address: one statement, not a bold paragraph heading another. */}
          <p className="user-menu__identity">
            <span className="user-menu__full-name">{name}</span>
            <span className="user-menu__email" title={user.email}>
              {user.email}
            </span>
          </p>
        </div>
        <p className="user-menu__credits">
          <Icon name="zap" className="icon--credit" />
          {credits === null ? 'Loading credits…' : formatCreditCount(credits)}
        </p>
        <div className="user-menu__divider" role="separator" />
        <button type="button" role="menuitem" className="user-menu__item" onClick={() => choose(() => navigate(paths.credits))}>
          <Icon name="credit-card" /> Buy Credits
        </button>
        <button type="button" role="menuitem" className="user-menu__item" onClick={() => choose(onSignOut)}>
          <Icon name="log-out" /> Sign Out
        </button>
      </div>
    </div>
  );
}
