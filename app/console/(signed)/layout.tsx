import { ConsoleShell } from '@/components/console/ConsoleShell';
import { consoleLocale } from '../locale';
import { requireConsoleUser } from '../current-user';

/** Every console page but sign-in: only with a live session. */
export default async function SignedInLayout({ children }: { children: React.ReactNode }) {
  return (
    <ConsoleShell user={await requireConsoleUser()} locale={await consoleLocale()}>
      {children}
    </ConsoleShell>
  );
}
