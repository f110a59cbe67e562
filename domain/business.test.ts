import { describe, expect, it } from 'vitest';
import { officeHours, openingHoursSchema, type WeeklyHours } from './business';

const week: WeeklyHours = {
  monday: { opens: '07:30', closes: '21:00' },
  tuesday: { opens: '07:30', closes: '21:00' },
  wednesday: { opens: '07:30', closes: '21:00' },
  thursday: { opens: '07:30', closes: '21:00' },
  friday: { opens: '07:30', closes: '21:00' },
  saturday: { opens: '08:00', closes: '18:00' },
  sunday: null,
};

const fieldErrorsOf = (value: unknown) =>
  Object.fromEntries(
    (openingHoursSchema.safeParse(value).error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );

describe('the opening hours staff save', () => {
  it('take each day open (HH:MM, opening before closing) or closed', () => {
    expect(openingHoursSchema.parse({ week })).toEqual({ week });
  });

  it('name each wrong day and field once: a time that is not HH:MM is not also called early', () => {
    expect(
      fieldErrorsOf({
        week: {
          ...week,
          monday: { opens: '18:00', closes: '09:00' },
          tuesday: { opens: '9am', closes: '17:00' },
          wednesday: { opens: '10:00', closes: '10:00' },
          thursday: { opens: '24:00', closes: '25:00' },
        },
      }),
    ).toEqual({
      'week.monday.closes': 'Closing time must be after opening time.',
      'week.tuesday.opens': 'Enter a time as HH:MM, 24-hour (for example 07:30).',
      'week.wednesday.closes': 'Closing time must be after opening time.',
      'week.thursday.opens': 'Enter a time as HH:MM, 24-hour (for example 07:30).',
      'week.thursday.closes': 'Enter a time as HH:MM, 24-hour (for example 07:30).',
    });
  });
});

describe('the office hours as the site lists them', () => {
  it('runs of days with the same hours, a closed day by its text, and the header line', () => {
    expect(officeHours(week, 'By appointment')).toEqual({
      headerText: 'Mon-Fri 7:30am-9:00pm CT',
      days: [
        {
          label: 'Monday - Friday',
          text: '7:30 AM - 9:00 PM',
          schemaDays: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
          opens: '07:30',
          closes: '21:00',
        },
        { label: 'Saturday', text: '8:00 AM - 6:00 PM', schemaDays: ['Saturday'], opens: '08:00', closes: '18:00' },
        { label: 'Sunday', text: 'By appointment', schemaDays: [], opens: null, closes: null },
      ],
    });
  });
});
