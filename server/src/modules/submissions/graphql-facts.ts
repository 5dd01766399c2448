import {
  FACT_SOURCES,
  FACTS_BASES,
  LABEL_CHECKS,
  NUTRIENTS,
  type CarriedFactSource,
  type CarriedFactSources,
  type LabelDisagreement,
  type NutrientValue,
  type PhotoRegion,
  type PrintedQuantity,
  type ProductFacts,
} from '@portal/domain';
import { builder } from '../../graphql/builder.ts';

/*
 * A product's facts in GraphQL, typed field for field as the shared schema (product-facts.ts) holds them: the
 * submission and the catalogued product answer them the same way.
 */

const FactSourceKindEnum = builder.enumType('FactSourceKind', {
  description: 'Where a value came from: read from a photo (photo), corrected from a reading (corrected), or typed',
  values: FACT_SOURCES,
});

const PrintedQuantityRef = builder.objectRef<PrintedQuantity>('PrintedQuantity').implement({
  description: 'A quantity as printed on the package, with the number and unit (UN/ECE Rec. 20 code) read from it',
  fields: (t) => ({
    printed: t.exposeString('printed'),
    quantity: t.exposeFloat('quantity', { nullable: true }),
    unit: t.exposeString('unit', { nullable: true }),
  }),
});

const ServingsRef = builder.objectRef<{ printed: string; value: number | null }>('ServingsPerContainer').implement({
  fields: (t) => ({ printed: t.exposeString('printed'), value: t.exposeFloat('value', { nullable: true }) }),
});

type Nutrient = NutrientValue & { key: string; label: string };
const NutrientRef = builder.objectRef<Nutrient>('NutrientFact').implement({
  description: 'One nutrient of the label: its amount per basis and the % Daily Value where printed',
  fields: (t) => ({
    key: t.exposeString('key'),
    label: t.exposeString('label'),
    amount: t.exposeFloat('amount', {
      nullable: true,
      description: 'Null for a vitamin or mineral printed as a % Daily Value alone (labels before 2016)',
    }),
    unit: t.exposeString('unit'),
    dailyValuePercent: t.exposeFloat('dailyValuePercent', { nullable: true }),
  }),
});

export const ProductFactsRef = builder.objectRef<ProductFacts>('ProductFacts').implement({
  description: 'The facts printed on a package: serving, nutrients, net content, ingredients and allergens',
  fields: (t) => ({
    basis: t.exposeString('basis', {
      description: `What the nutrient amounts are per: ${FACTS_BASES.join(', ')} (a serving: the US label)`,
    }),
    servingSize: t.field({ type: PrintedQuantityRef, nullable: true, resolve: (f) => f.servingSize }),
    servingsPerContainer: t.field({ type: ServingsRef, nullable: true, resolve: (f) => f.servingsPerContainer }),
    calories: t.exposeFloat('calories', { nullable: true, description: 'kcal per basis' }),
    energyKj: t.exposeFloat('energyKj', { nullable: true }),
    nutrients: t.field({
      type: [NutrientRef],
      description: "The nutrients given, in the label's order",
      resolve: (f) =>
        NUTRIENTS.flatMap((n) => {
          const v = f.nutrients[n.key];
          return v ? [{ ...v, key: n.key, label: n.label }] : [];
        }),
    }),
    netContent: t.field({ type: PrintedQuantityRef, nullable: true, resolve: (f) => f.netContent }),
    ingredients: t.exposeString('ingredients', { nullable: true }),
    allergens: t.exposeString('allergens', { nullable: true, description: 'The allergen statement as printed' }),
  }),
});

const FactRegionRef = builder.objectRef<PhotoRegion>('FactRegion').implement({
  description: 'The part of a photo a value was read from: fractions (0 to 1) of the upright photo from its top left',
  fields: (t) => ({
    x: t.exposeFloat('x'),
    y: t.exposeFloat('y'),
    width: t.exposeFloat('width'),
    height: t.exposeFloat('height'),
  }),
});

type Source = CarriedFactSource & { field: string };
export const FactSourceRef = builder.objectRef<Source>('FactSource').implement({
  description: 'Where one filled fact came from',
  fields: (t) => ({
    field: t.exposeString('field', { description: "The fact: a top-level field or a nutrient's key" }),
    source: t.field({ type: FactSourceKindEnum, resolve: (s) => s.source }),
    region: t.field({ type: FactRegionRef, nullable: true, resolve: (s) => s.region }),
    fileName: t.exposeString('fileName', { nullable: true, description: 'The file whose photo the region is on' }),
  }),
});

/** A sources record as a list (GraphQL has no maps). */
export const factSourceList = (sources: CarriedFactSources): Source[] =>
  Object.entries(sources).flatMap(([field, s]) => (s ? [{ ...s, field, fileName: s.fileName ?? null }] : []));

export const LabelDisagreementRef = builder.objectRef<LabelDisagreement>('LabelDisagreement').implement({
  description: "A check of the label's own arithmetic whose numbers disagree",
  fields: (t) => ({
    check: t.exposeString('check', { description: `One of ${LABEL_CHECKS.join(', ')}` }),
    message: t.exposeString('message', { description: 'Which numbers disagree, and by how much' }),
  }),
});
