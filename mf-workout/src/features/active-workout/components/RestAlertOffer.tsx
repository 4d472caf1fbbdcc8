import { useState } from 'react';
import { restAlertChoice, useRestAlertSetting } from '@hit/platform';
import { RestAlertSwitch } from '@hit/ui';

/**
 * Inside the first rest of a workout (issue #22): the rest-over alert offered to a device that has not chosen yet, or
 * the sentence saying why this device cannot have it. A device that chose 'off' is not asked again (the account panel
 * changes it); one that chose 'on' hears only when the alert is no longer possible (notifications blocked since). The
 * push client loads now, not with the workout; the browser's permission question comes only from a tap on the switch.
 */
export function RestAlertOffer() {
  // As chosen when this rest opened: turning it on here keeps the switch on screen, showing it on.
  const [choiceWhenOpened] = useState(restAlertChoice);
  const setting = useRestAlertSetting(choiceWhenOpened !== 'off');
  if (choiceWhenOpened === 'off') return null;
  if (choiceWhenOpened === 'on' && setting.status !== 'unavailable') return null;
  return <RestAlertSwitch setting={setting} />;
}
