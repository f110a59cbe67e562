/**
 * The table's keys of the shop-wide settings staff keep: the closed days and the opening hours
 * (functions/lib/table/shop-setting.ts); see ../README.md.
 */

/** The days staff closed the shop beyond its holidays (domain/calendar/closures.ts): one item, replaced whole. */
export const SHOP_CLOSURES_KEY = { pk: 'SHOP_CALENDAR', sk: 'CLOSURES' } as const;

/** The week's opening hours staff saved (domain/business.ts); none until they first save: the settings' then. */
export const OPENING_HOURS_KEY = { pk: 'SHOP_CALENDAR', sk: 'OPENING_HOURS' } as const;
