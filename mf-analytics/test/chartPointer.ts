import type { UserEvent } from '@testing-library/user-event';
import { MARGIN } from '../src/features/progress/components/chartParts';

/**
 * A chart marker's centre as the pointer reaches it. jsdom lays nothing out: the chart's svg sits at 0,0 at its
 * drawn size, so a point of the plot is at the margin plus its own coordinates. A weight marker is placed by its
 * transform, a rep marker by cx and cy.
 */
export function markerCentre(marker: Element): { clientX: number; clientY: number } {
  const translate = /translate\(([-\d.e]+),([-\d.e]+)\)/.exec(marker.getAttribute('transform') ?? '');
  const x = translate ? Number(translate[1]) : Number(marker.getAttribute('cx'));
  const y = translate ? Number(translate[2]) : Number(marker.getAttribute('cy'));
  return { clientX: x + MARGIN.left, clientY: y + MARGIN.top };
}

/** The hit layer of the chart the marker is drawn in: the pointer's one target there. */
export function hitAreaOf(marker: Element): Element {
  const hitArea = marker.closest('svg')?.querySelector('[data-testid="chart-hit-area"]');
  if (!hitArea) throw new Error('the marker has no chart hit area');
  return hitArea;
}

/** Moves the mouse over the marker's chart to the marker's centre, `dx` and `dy` px beside it. */
export function hoverNear(user: UserEvent, marker: Element, dx = 0, dy = 0): Promise<void> {
  const { clientX, clientY } = markerCentre(marker);
  return user.pointer({ target: hitAreaOf(marker), coords: { clientX: clientX + dx, clientY: clientY + dy } });
}

/** A finger's tap on the marker's chart at the marker's centre, `dx` and `dy` px beside it. */
export function tapNear(user: UserEvent, marker: Element, dx = 0, dy = 0): Promise<void> {
  const { clientX, clientY } = markerCentre(marker);
  return user.pointer({
    keys: '[TouchA]',
    target: hitAreaOf(marker),
    coords: { clientX: clientX + dx, clientY: clientY + dy },
  });
}
