import { useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Table, Text } from '@mantine/core';
import { PEOPLE_MSG, type PersonView } from '@portal/domain';
import { toast } from '../../ui/toast.ts';
import { resendInvitation } from './people-api.ts';

const STATE_LABEL: Record<PersonView['state'], string> = { invited: 'Invited', active: 'Active', disabled: 'Disabled' };

/** People with their state; someone still invited can be sent the link again. */
export function PeopleTable({ people, caption }: { people: PersonView[]; caption: string }) {
  const queryClient = useQueryClient();
  if (people.length === 0) return <Text>No users yet.</Text>;
  const resend = async (person: PersonView) => {
    await resendInvitation(person.id);
    toast.success(PEOPLE_MSG.invited(person.email));
    void queryClient.invalidateQueries({ queryKey: ['people'] });
  };
  return (
    <Table.ScrollContainer minWidth={0}>
      <Table striped withTableBorder>
        <caption className="visually-hidden">{caption}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Name</Table.Th>
            <Table.Th scope="col">E-mail</Table.Th>
            <Table.Th scope="col">Scopes</Table.Th>
            <Table.Th scope="col">State</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {people.map((p) => (
            <Table.Tr key={p.id}>
              <Table.Td>
                {p.firstName} {p.lastName}
              </Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{p.email}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{p.scopes.join(', ') || '(none)'}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={p.state === 'active' ? 'green' : 'gray'} c="dark.9">
                  {STATE_LABEL[p.state]}
                </Badge>
                {p.state === 'invited' && (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    ml="xs"
                    onClick={() => void resend(p)}
                    aria-label={`Send again to ${p.email}`}
                  >
                    Send again
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
