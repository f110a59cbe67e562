import { DataList, Text } from '@chakra-ui/react';
import { OFFICE_HOURS } from '../../../business';

/** Service hours, in Central time, from the one business constant. */
export function OfficeHours() {
  return (
    <>
      <DataList.Root orientation="horizontal" gap={2}>
        {OFFICE_HOURS.days.map((day) => (
          <DataList.Item key={day.label}>
            <DataList.ItemLabel minW="40" color="gray.700">
              {day.label}
            </DataList.ItemLabel>
            <DataList.ItemValue fontWeight="medium">{day.text}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
      <Text mt={3} fontSize="sm" color="gray.600">
        All times are Central Time.
      </Text>
    </>
  );
}
