import { useQuery } from '@tanstack/react-query';
import type { PlateSettingsBody } from '@hit/contracts';
import { DEFAULT_PLATE_SETTINGS, type PlateSettings } from '@hit/contracts/rules';
import { queryKeys } from '@hit/platform';

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

function isUnitPlates(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const { bar, sled, plates } = value as Record<string, unknown>;
  return (
    isNumber(bar) &&
    isNumber(sled) &&
    Array.isArray(plates) &&
    plates.every(
      (plate: { weight?: unknown; pairs?: unknown } | null) => isNumber(plate?.weight) && isNumber(plate?.pairs),
    )
  );
}

/** An answer of another shape (an old cached copy, a proxy's page) is not read as plates. */
function isPlateSettings(value: unknown): value is PlateSettingsBody {
  if (typeof value !== 'object' || value === null) return false;
  const { lbs, kg } = value as Record<string, unknown>;
  return isUnitPlates(lbs) && isUnitPlates(kg);
}

/**
 * GET /api/settings/plates: the bar, sled and plates the lifter has, per unit (docs/product-rules.md, "Plate math").
 * The defaults stand in while it loads, when it fails, and offline without a saved copy.
 */
export function usePlateSettings(): PlateSettings {
  const { data } = useQuery<PlateSettingsBody>({ queryKey: queryKeys.plateSettings });
  return isPlateSettings(data) ? data : DEFAULT_PLATE_SETTINGS;
}
