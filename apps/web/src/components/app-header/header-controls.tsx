import { ColorModePicker } from './color-mode-picker';
import { LanguageSwitch } from './language-switch';
import { UserMenu } from './user-menu';

/** Language, colour mode and the user menu: the right side of every signed-in header. */
export function HeaderControls() {
  return (
    <div className="flex items-center gap-2">
      <LanguageSwitch />
      <ColorModePicker compact />
      <UserMenu />
    </div>
  );
}
