import { useMutation } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { toast } from '../../lib/toast'
import { ContactMessageSchema, CONTACT_LIMITS, type ContactMessageInput } from '../../../shared/schemas/contact'
import { Button } from '../../components/ui/button'
import { FormField } from '../../components/ui/form-field'
import { ApiError, apiFetch } from '../../lib/api'

type Values = { name: string; email: string; message: string }
const EMPTY: Values = { name: '', email: '', message: '' }

function sendContactMessage(input: ContactMessageInput) {
  return apiFetch<{ id: string }>('/api/contact', { body: input })
}

/** spec §2/§4/§5/§8 Contact: idle → sending ('Sending...', disabled) → success (cleared) or error toast. */
export function ContactForm() {
  const [values, setValues] = useState<Values>(EMPTY)
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({})
  const mutation = useMutation({
    mutationFn: sendContactMessage,
    onSuccess: () => {
      toast.success('Message sent successfully!', { description: "Thank you for contacting us. We'll get back to you soon." })
      setValues(EMPTY)
      setErrors({})
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields) setErrors(error.fields)
      toast.error('Error sending message', { description: 'Please try again later or contact us directly.' })
    },
  })

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const parsed = ContactMessageSchema.safeParse(values)
    if (!parsed.success) {
      const next: Partial<Record<keyof Values, string>> = {}
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof Values] ??= issue.message
      setErrors(next)
      return
    }
    setErrors({})
    mutation.mutate(parsed.data)
  }

  const bind = (field: keyof Values) => ({
    value: values[field],
    onChange: (event: { target: { value: string } }) => setValues((previous) => ({ ...previous, [field]: event.target.value })),
  })

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Contact form">
      <FormField label="Name" error={errors.name}>
        {(props) => <input {...props} {...bind('name')} type="text" autoComplete="name" maxLength={CONTACT_LIMITS.name} required />}
      </FormField>
      <FormField label="Email" error={errors.email}>
        {(props) => <input {...props} {...bind('email')} type="email" autoComplete="email" required />}
      </FormField>
      <FormField label="Message" error={errors.message}>
        {(props) => <textarea {...props} {...bind('message')} rows={6} maxLength={CONTACT_LIMITS.message} required />}
      </FormField>
      <Button type="submit" disabled={mutation.isPending} className="w-full sm:w-auto">
        {mutation.isPending ? 'Sending...' : 'Send Message'}
      </Button>
    </form>
  )
}
