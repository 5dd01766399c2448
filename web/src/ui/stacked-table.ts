import classes from './stacked-table.module.css';

/**
 * Class names for a wide table that becomes one card per row on a phone: `container` on its ScrollContainer, `table`
 * on the Table, and every cell given `data-label` (its column's name), which leads the cell's line on the card.
 */
export const stackedTable = { container: classes.container, table: classes.table };

/** Below this width lists show as cards (part 1 section 9: medium starts at 768 px). */
export const CARD_LAYOUT_MAX_PX = 767;
