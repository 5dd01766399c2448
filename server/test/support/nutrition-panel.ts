import sharp from 'sharp';

/**
 * A US Nutrition Facts panel drawn as a package photo would show it: the panel, the ingredients, the allergen and net
 * content statements on a carton background, then turned, blurred and lit unevenly like a phone photo. The facts it
 * prints are returned with it, as the expected readings.
 */
export const PANEL_FACTS = {
  servingSize: '2/3 cup (55g)',
  servings: 8,
  calories: 230,
  totalFat: [8, 10],
  saturatedFat: [1, 5],
  sodium: [160, 7],
  totalCarbohydrate: [37, 13],
  protein: 3,
  ingredients: 'WHOLE GRAIN OATS, SUGAR, SALT.',
  allergens: 'CONTAINS: WHEAT, MILK.',
  netContent: 'NET WT 12 OZ (340 g)',
} as const;

interface PanelOptions {
  /** Degrees the photo is turned. */
  angle?: number;
  /** Gaussian blur sigma (0: sharp). */
  blur?: number;
  /** Calories printed instead of the true 230 (a label whose arithmetic disagrees). */
  calories?: number;
}

export async function nutritionPanelPhoto({
  angle = 3,
  blur = 0.7,
  calories = PANEL_FACTS.calories,
}: PanelOptions = {}) {
  const f = PANEL_FACTS;
  const rows: [string, string, number, boolean][] = [
    ['Nutrition Facts', '', 44, true],
    [`${f.servings} servings per container`, '', 22, false],
    ['Serving size', f.servingSize, 26, true],
    ['Amount per serving', '', 18, true],
    ['Calories', String(calories), 40, true],
    ['', '% Daily Value*', 18, false],
    [`Total Fat ${f.totalFat[0]}g`, `${f.totalFat[1]}%`, 22, false],
    [`Saturated Fat ${f.saturatedFat[0]}g`, `${f.saturatedFat[1]}%`, 22, false],
    ['Trans Fat 0g', '', 22, false],
    [`Sodium ${f.sodium[0]}mg`, `${f.sodium[1]}%`, 22, false],
    [`Total Carbohydrate ${f.totalCarbohydrate[0]}g`, `${f.totalCarbohydrate[1]}%`, 22, false],
    [`Protein ${f.protein}g`, '', 22, false],
  ];
  let y = 70;
  const text = rows
    .map(([left, right, size, bold]) => {
      y += size + 14;
      const weight = bold ? ' font-weight="bold"' : '';
      return (
        `<text x="70" y="${y}" font-family="DejaVu Sans" font-size="${size}"${weight}>${left}</text>` +
        (right
          ? `<text x="560" y="${y}" text-anchor="end" font-family="DejaVu Sans" font-size="${size}"${weight}>${right}</text>`
          : '')
      );
    })
    .join('');
  const panelBottom = y + 24;
  const statements = [`INGREDIENTS: ${f.ingredients}`, f.allergens]
    .map((s, i) => `<text x="70" y="${panelBottom + 50 + i * 30}" font-family="DejaVu Sans" font-size="19">${s}</text>`)
    .join('');
  const height = panelBottom + 190;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="${height}">
    <defs><radialGradient id="glare" cx="0.8" cy="0.2" r="0.5"><stop offset="0" stop-color="#fff" stop-opacity="0.55"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>
    <rect width="100%" height="100%" fill="#e9dcc0"/>
    <rect x="55" y="40" width="520" height="${panelBottom - 40}" fill="#fff" stroke="#000" stroke-width="3"/>
    ${text}${statements}
    <text x="70" y="${height - 40}" font-family="DejaVu Sans" font-size="26" font-weight="bold">${f.netContent}</text>
    <rect width="100%" height="100%" fill="url(#glare)"/></svg>`;
  let image = sharp(Buffer.from(svg)).rotate(angle, { background: '#e9dcc0' });
  if (blur > 0) image = image.blur(blur);
  return image.jpeg({ quality: 85 }).toBuffer();
}
