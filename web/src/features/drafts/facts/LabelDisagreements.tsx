import { Alert, List } from '@mantine/core';
import { labelDisagreements, type ProductFacts } from '@portal/domain';

/** The label arithmetic's findings on these facts (calories against the macronutrients, sugars within carbohydrate…). */
export function LabelDisagreements({ facts }: { facts: ProductFacts | null | undefined }) {
  const disagreements = facts ? labelDisagreements(facts) : [];
  if (!disagreements.length) return null;
  return (
    <Alert color="orange" title="The label's numbers disagree" mb="sm">
      <List size="sm">
        {disagreements.map((d) => (
          <List.Item key={d.check}>{d.message}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
