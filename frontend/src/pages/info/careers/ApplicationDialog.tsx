import {
  Alert,
  Button,
  chakra,
  CloseButton,
  Dialog,
  Input,
  Portal,
  SimpleGrid,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  APPLICATION_ERROR_MESSAGE,
  APPLICATION_SUCCESS_CLOSE_MS,
  APPLICATION_SUCCESS_MESSAGE,
  jobApplicationSchema,
  RESUME_ACCEPT,
  resumeProblem,
} from '#domain/job-application';
import { FormField, firstMessageByField, focusFirstInvalid } from '../../../components/form/FormField';
import { submitJobApplication } from './applications-api';
import type { CareerCategory, CareerRole } from './roles';

interface ApplicationDialogProps {
  category: CareerCategory;
  role: CareerRole;
}

/** The form's fields in page order: the first invalid one takes focus. */
const FIELD_ORDER = ['firstName', 'lastName', 'email', 'phone', 'coverLetter', 'resume'] as const;

const EMPTY_VALUES = { firstName: '', lastName: '', email: '', phone: '', coverLetter: '' };

const detailsSchema = jobApplicationSchema.omit({ resume: true });

type Status = 'editing' | 'submitting' | 'submitted' | 'failed';

/**
 * The application form of one role. The résumé goes from the browser to the uploads bucket, then
 * the application to the API; once submitted the dialog shows the success message, then closes and
 * resets after 3 s.
 */
export function ApplicationDialog({ category, role }: ApplicationDialogProps) {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState(EMPTY_VALUES);
  const [resume, setResume] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<Status>('editing');
  const [failure, setFailure] = useState(APPLICATION_ERROR_MESSAGE);
  // A new key remounts the form, which is how the file input is emptied.
  const [formKey, setFormKey] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const idPrefix = `apply-${role.id}`;
  const formId = `${idPrefix}-form`;

  useEffect(() => {
    if (status !== 'submitted') return;
    const timer = setTimeout(() => setOpen(false), APPLICATION_SUCCESS_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [status]);

  function reset() {
    setValues(EMPTY_VALUES);
    setResume(null);
    setErrors({});
    setStatus('editing');
    setFormKey((key) => key + 1);
  }

  const field = (name: keyof typeof EMPTY_VALUES) => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
  });

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status === 'submitting') return;
    const parsed = detailsSchema.safeParse({ ...values, jobTitle: role.title, department: category.name });
    const fieldErrors = parsed.success ? {} : firstMessageByField(parsed.error.issues);
    const resumeError = resume ? resumeProblem(resume) : 'Please upload your resume.';
    if (resumeError) fieldErrors.resume = resumeError;
    if (!parsed.success || resumeError) {
      setErrors(fieldErrors);
      focusFirstInvalid(formRef.current, FIELD_ORDER, fieldErrors);
      return;
    }
    setErrors({});
    setStatus('submitting');
    const result = await submitJobApplication(parsed.data, resume!);
    if (result.kind === 'submitted') return setStatus('submitted');
    if (result.kind === 'invalid') {
      setErrors(result.fieldErrors);
      setStatus('editing');
      focusFirstInvalid(formRef.current, FIELD_ORDER, result.fieldErrors);
      return;
    }
    setFailure(result.kind === 'refused' ? result.message : APPLICATION_ERROR_MESSAGE);
    setStatus('failed');
  }

  return (
    <Dialog.Root
      size={{ base: 'full', md: 'lg' }}
      scrollBehavior="inside"
      open={open}
      onOpenChange={(details) => setOpen(details.open)}
      onExitComplete={reset}
    >
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
              {status === 'submitted' ? (
                <Alert.Root status="success" role="status">
                  <Alert.Indicator />
                  <Alert.Content>
                    <Alert.Title>Application submitted</Alert.Title>
                    <Alert.Description>{APPLICATION_SUCCESS_MESSAGE}</Alert.Description>
                  </Alert.Content>
                </Alert.Root>
              ) : (
                <chakra.form
                  key={formKey}
                  id={formId}
                  ref={formRef}
                  onSubmit={handleSubmit}
                  noValidate
                  display="flex"
                  flexDirection="column"
                  gap={4}
                  aria-label={`Application for ${role.title}, ${category.name}`}
                >
                  <Text color="gray.700">Fields marked * are required.</Text>
                  <SimpleGrid columns={{ base: 1, sm: 2 }} gap={4}>
                    <FormField
                      id={`${idPrefix}-first-name`}
                      name="firstName"
                      label="First name"
                      required
                      error={errors.firstName}
                    >
                      {(control) => <Input {...control} {...field('firstName')} autoComplete="given-name" />}
                    </FormField>
                    <FormField
                      id={`${idPrefix}-last-name`}
                      name="lastName"
                      label="Last name"
                      required
                      error={errors.lastName}
                    >
                      {(control) => <Input {...control} {...field('lastName')} autoComplete="family-name" />}
                    </FormField>
                  </SimpleGrid>
                  <FormField id={`${idPrefix}-email`} name="email" label="Email" required error={errors.email}>
                    {(control) => <Input {...control} {...field('email')} type="email" autoComplete="email" />}
                  </FormField>
                  <FormField id={`${idPrefix}-phone`} name="phone" label="Phone (optional)" error={errors.phone}>
                    {(control) => <Input {...control} {...field('phone')} type="tel" autoComplete="tel" />}
                  </FormField>
                  <FormField
                    id={`${idPrefix}-cover-letter`}
                    name="coverLetter"
                    label="Cover letter (optional)"
                    error={errors.coverLetter}
                  >
                    {(control) => <Textarea {...control} {...field('coverLetter')} rows={4} />}
                  </FormField>
                  <FormField
                    id={`${idPrefix}-resume`}
                    name="resume"
                    label="Resume"
                    required
                    helperText="PDF, DOC or DOCX, up to 5MB."
                    error={errors.resume}
                  >
                    {(control) => (
                      <Input
                        {...control}
                        type="file"
                        accept={RESUME_ACCEPT}
                        pt={1.5}
                        onChange={(event) => {
                          const file = event.target.files?.[0] ?? null;
                          setResume(file);
                          setErrors(({ resume: _previous, ...others }) => {
                            const problem = file ? resumeProblem(file) : null;
                            return problem ? { ...others, resume: problem } : others;
                          });
                        }}
                      />
                    )}
                  </FormField>
                  {status === 'failed' && (
                    <Alert.Root status="error" role="alert">
                      <Alert.Indicator />
                      <Alert.Title>{failure}</Alert.Title>
                    </Alert.Root>
                  )}
                </chakra.form>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              {status === 'submitted' ? (
                <Dialog.ActionTrigger asChild>
                  <Button variant="outline">Close</Button>
                </Dialog.ActionTrigger>
              ) : (
                <>
                  <Dialog.ActionTrigger asChild>
                    <Button variant="outline">Cancel</Button>
                  </Dialog.ActionTrigger>
                  <Button
                    type="submit"
                    form={formId}
                    colorPalette="brand"
                    loading={status === 'submitting'}
                    loadingText="Submitting..."
                  >
                    Submit Application
                  </Button>
                </>
              )}
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
