import { Box, Container, Grid, Heading, HStack, Link, Separator, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { BUSINESS } from '../../business';
import { useOfficeHours } from '../../lib/office-hours';
import { DELIVERY_CLAIM } from '#domain/claims';
import { FacebookIcon, InstagramIcon, LinkedInIcon, PhoneIcon, YouTubeIcon } from '../icons';
import { Logo } from './Logo';

const FOOTER_COLUMNS = [
  {
    heading: 'Company',
    links: [
      { label: 'About Us', href: '/about-us' },
      { label: 'Careers', href: '/careers' },
      { label: 'Corporate Responsibility', href: '/corporate-responsibility' },
      { label: 'Contact Us', href: '/contact-us' },
    ],
  },
  {
    heading: 'Shop With Confidence',
    links: [
      { label: 'Measure & Install', href: '/measure-install' },
      { label: 'Free Samples', href: '/free-samples' },
      { label: 'Child Safety', href: '/child-safety' },
    ],
  },
  {
    heading: 'Orders',
    links: [
      { label: 'Shipping Info', href: '/shipping-info' },
      { label: 'Returns', href: '/returns' },
      { label: 'Track Order', href: '/track-order' },
    ],
  },
] as const;

const SOCIAL_LINKS = [
  { label: `${BUSINESS.name} on Facebook`, href: 'https://www.facebook.com/hillbrookblinds', Icon: FacebookIcon },
  { label: `${BUSINESS.name} on Instagram`, href: 'https://www.instagram.com/hillbrookblinds', Icon: InstagramIcon },
  {
    label: `${BUSINESS.name} on LinkedIn`,
    href: 'https://www.linkedin.com/company/hill-brook-blinds',
    Icon: LinkedInIcon,
  },
  { label: `${BUSINESS.name} on YouTube`, href: 'https://www.youtube.com/@hillbrookblinds', Icon: YouTubeIcon },
] as const;

const footerLink = { color: 'brand.100', _hover: { color: 'white' } } as const;

export function Footer() {
  const officeHours = useOfficeHours();
  return (
    <Box as="footer" bg="brand.900" color="brand.50" mt="auto">
      <Container maxW="7xl" py={{ base: '10', md: '14' }}>
        <Grid templateColumns={{ base: '1fr', sm: 'repeat(2, 1fr)', lg: '1.4fr repeat(3, 1fr)' }} gap="8">
          <Stack gap="4">
            <Logo inverted />
            <Text fontSize="sm" color="brand.100" maxW="xs">
              Custom blinds and shades for Dallas-Fort Worth homes and properties, {DELIVERY_CLAIM.timing}.
            </Text>
            <Link
              href={`tel:${BUSINESS.phoneE164}`}
              color="white"
              fontWeight="bold"
              fontSize="lg"
              display="inline-flex"
              gap="2"
              alignItems="center"
            >
              <PhoneIcon boxSize="4" />
              {BUSINESS.phoneDisplay}
            </Link>
            <Text fontSize="sm" color="brand.100">
              {officeHours.headerText}
            </Text>
          </Stack>
          {FOOTER_COLUMNS.map((column) => (
            <Box as="nav" key={column.heading} aria-label={column.heading}>
              <Heading
                as="h2"
                size="sm"
                color="white"
                mb="3"
                fontFamily="body"
                textTransform="uppercase"
                letterSpacing="wider"
              >
                {column.heading}
              </Heading>
              <Stack as="ul" gap="2" listStyleType="none">
                {column.links.map((link) => (
                  <li key={link.href}>
                    <Link asChild {...footerLink}>
                      <RouterLink to={link.href}>{link.label}</RouterLink>
                    </Link>
                  </li>
                ))}
              </Stack>
            </Box>
          ))}
        </Grid>
        <Separator my="8" borderColor="brand.700" />
        <Stack
          direction={{ base: 'column', md: 'row' }}
          justify="space-between"
          align={{ md: 'center' }}
          gap="4"
          fontSize="sm"
        >
          <Text color="brand.100">
            © <span suppressHydrationWarning>{new Date().getFullYear()}</span> {BUSINESS.legalName}. All rights
            reserved.
          </Text>
          <HStack gap="4" as="nav" aria-label="Legal">
            <Link asChild {...footerLink}>
              <RouterLink to="/privacy-policy">Privacy Policy</RouterLink>
            </Link>
            <Link asChild {...footerLink}>
              <RouterLink to="/terms-of-service">Terms of Service</RouterLink>
            </Link>
          </HStack>
          <HStack gap="3">
            {SOCIAL_LINKS.map(({ label, href, Icon }) => (
              <Link key={href} href={href} aria-label={label} target="_blank" rel="noopener noreferrer" {...footerLink}>
                <Icon boxSize="5" />
              </Link>
            ))}
          </HStack>
        </Stack>
      </Container>
    </Box>
  );
}
