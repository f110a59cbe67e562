import { Box, chakra, Flex, Heading, Stack, Table, Text, type TableCellProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { RecordDetail } from './RecordDetail';

export interface RecordColumn<T> {
  header: string;
  /** The header is for screen readers only (a column of buttons). */
  headerHidden?: boolean;
  /** Figures line up at the end of their column. */
  align?: 'end';
  cell: (record: T) => ReactNode;
  cellProps?: TableCellProps;
}

/** How a record reads as a card on a phone: its title, a figure beside it, its details, and its buttons. */
export interface RecordCard<T> {
  title: (record: T) => ReactNode;
  aside?: (record: T) => ReactNode;
  details: ReadonlyArray<{ label: string; value: (record: T) => ReactNode }>;
  actions?: (record: T) => ReactNode;
}

/** A staff list of records: a table from md up; cards on a phone, where the columns cannot fit. */
export function RecordList<T>({
  records,
  keyOf,
  columns,
  card,
}: {
  records: readonly T[];
  keyOf: (record: T) => string;
  columns: ReadonlyArray<RecordColumn<T>>;
  card: RecordCard<T>;
}) {
  return (
    <>
      <Table.ScrollArea display={{ base: 'none', md: 'block' }} borderWidth="1px" borderRadius="md">
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              {columns.map((column) => (
                <Table.ColumnHeader key={column.header} textAlign={column.align}>
                  {column.headerHidden ? <chakra.span srOnly>{column.header}</chakra.span> : column.header}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {records.map((record) => (
              <Table.Row key={keyOf(record)}>
                {columns.map((column) => (
                  <Table.Cell key={column.header} textAlign={column.align} {...column.cellProps}>
                    {column.cell(record)}
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <Stack as="ul" display={{ base: 'flex', md: 'none' }} gap="3" p="0">
        {records.map((record) => {
          const title = (
            <Heading as="h3" size="sm" color="brand.800">
              {card.title(record)}
            </Heading>
          );
          return (
            <Box
              as="li"
              key={keyOf(record)}
              listStyleType="none"
              borderWidth="1px"
              borderColor="gray.200"
              rounded="lg"
              p="4"
              bg="white"
            >
              {card.aside ? (
                <Flex justify="space-between" align="baseline" gap="2" wrap="wrap">
                  {title}
                  <Text fontWeight="semibold">{card.aside(record)}</Text>
                </Flex>
              ) : (
                title
              )}
              <Box as="dl" display="grid" gap="3" mt="3">
                {card.details.map((detail) => (
                  <RecordDetail key={detail.label} label={detail.label}>
                    {detail.value(record)}
                  </RecordDetail>
                ))}
              </Box>
              {card.actions && <Box mt="3">{card.actions(record)}</Box>}
            </Box>
          );
        })}
      </Stack>
    </>
  );
}
