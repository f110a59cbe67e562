import { Button, chakra, CloseButton, Dialog, Input, Link, Portal, SimpleGrid, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { BUSINESS } from '../../../../../domain/business';
import { RESUME_ACCEPT, resumeProblem } from '../../../../../domain/job-application';
import { FormField } from '../../../components/form/FormField';
import type { CareerCategory, CareerRole } from './roles';

interface ApplicationDialogProps {
  category: CareerCategory;
  role: CareerRole;
}

/**
 * The application form of one role. Online submission arrives in a later release: until then the
 * dialog says so, keeps Submit disabled and gives the address to e-mail a resume to.
 */
export function ApplicationDialog({ category, role }: ApplicationDialogProps) {
  const [resumeError, setResumeError] = useState<string | undefined>();
  const idPrefix = `apply-${role.id}`;
  const emailSubject = encodeURIComponent(`Application: ${role.title} (${category.name})`);
  const noticeId = `${idPrefix}-notice`;

  return (
    <Dialog.Root size={{ base: 'full', md: 'lg' }} scrollBehavior="inside" onExitComplete={() => setResumeError(undefined)}>
      <Dialog.Trigger asChild>
        <Button colorPalette="brand" aria-label={`Apply for ${role.title}`}>
          Apply
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Apply for {role.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <chakra.form onSubmit={(event) => event.preventDefault()} noValidate display="flex" flexDirection="column" gap={4}>
                <Text id={noticeId} bg="brand.50" color="brand.900" borderRadius="md" p={3}>
                  Online applications open soon. Until then, please e-mail your resume and cover letter to{' '}
                  <Link href={`mailto:${BUSINESS.email}?subject=${emailSubject}`} color="brand.800" fontWeight="semibold" textDecoration="underline">
                    {BUSINESS.email}
                  </Link>{' '}
                  with the job title in the subject line.
                </Text>
                <SimpleGrid columns={{ base: 1, sm: 2 }} gap={4}>
                  <FormField id={`${idPrefix}-first-name`} name="firstName" label="First name" required>
                    {(control) => <Input {...control} autoComplete="given-name" />}
                  </FormField>
                  <FormField id={`${idPrefix}-last-name`} name="lastName" label="Last name" required>
                    {(control) => <Input {...control} autoComplete="family-name" />}
                  </FormField>
                </SimpleGrid>
                <FormField id={`${idPrefix}-email`} name="email" label="Email" required>
                  {(control) => <Input {...control} type="email" autoComplete="email" />}
                </FormField>
                <FormField id={`${idPrefix}-phone`} name="phone" label="Phone (optional)">
                  {(control) => <Input {...control} type="tel" autoComplete="tel" />}
                </FormField>
                <FormField id={`${idPrefix}-cover-letter`} name="coverLetter" label="Cover letter (optional)">
                  {(control) => <Textarea {...control} rows={4} />}
                </FormField>
                <FormField
                  id={`${idPrefix}-resume`}
                  name="resume"
                  label="Resume"
                  required
                  helperText="PDF, DOC or DOCX, up to 5MB."
                  error={resumeError}
                >
                  {(control) => (
                    <Input
                      {...control}
                      type="file"
                      accept={RESUME_ACCEPT}
                      pt={1.5}
                      onChange={(event) => {
                        const file = event.target.files?.[0];
                        setResumeError(file ? (resumeProblem(file) ?? undefined) : undefined);
                      }}
                    />
                  )}
                </FormField>
              </chakra.form>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">Cancel</Button>
              </Dialog.ActionTrigger>
              <Button colorPalette="brand" disabled aria-describedby={noticeId}>
                Submit Application
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
