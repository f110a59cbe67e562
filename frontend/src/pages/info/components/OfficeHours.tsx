import { DataList, Text } from '@chakra-ui/react';
import { useOfficeHours } from '../../../lib/office-hours';

/** Service hours, in Central time: the hours staff saved (lib/office-hours.ts). */
export function OfficeHours() {
  const officeHours = useOfficeHours();
  return (
    <>
      <DataList.Root orientation="horizontal" gap={2}>
        {officeHours.days.map((day) => (
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
