import { LEGAL_UPDATED, type LegalDocument } from './types';

export const document: LegalDocument = {
  title: 'Conditions d’utilisation',
  updated: LEGAL_UPDATED,
  intro:
    'Les présentes conditions régissent votre utilisation du tableau de bord de facturation {product}. En vous connectant, vous les acceptez. Elles s’ajoutent au contrat de service en vertu duquel nous vous fournissons nos services de télécommunication, sans le remplacer; en cas de conflit, le contrat de service l’emporte.',
  sections: [
    {
      heading: '1. Vos renseignements de connexion',
      paragraphs: [
        'Vous êtes responsable de la confidentialité de votre nom d’utilisateur et de votre mot de passe ainsi que des activités effectuées avec vos identifiants. N’utilisez « Se souvenir de moi » que sur un appareil que vous êtes seul à utiliser. Avisez-nous sans délai au {phone} ou à {email} si vous croyez que quelqu’un d’autre a utilisé vos identifiants.',
      ],
    },
    {
      heading: '2. Utilisateurs autorisés et comptes',
      paragraphs: [
        'Vous ne pouvez consulter et gérer que les comptes dont vous êtes titulaire ou que le titulaire vous a autorisé à gérer, y compris leurs sous-comptes. Le titulaire du compte est responsable des personnes qu’il autorise et doit nous aviser lorsqu’une autorisation prend fin.',
      ],
    },
    {
      heading: '3. Factures et soldes',
      paragraphs: [
        'Les factures, soldes et relevés détaillés des appels affichés dans le tableau de bord vous sont fournis pour votre commodité. La facture émise pour une période de facturation constitue le document officiel des frais de cette période. Un paiement peut prendre un court délai avant d’apparaître.',
      ],
    },
    {
      heading: '4. Contestation de frais',
      paragraphs: [
        'Si vous croyez que des frais sont erronés, vous devez nous en aviser dans les 30 jours suivant la date de facturation indiquée sur la facture qui les contient, en appelant le {phone} ou en écrivant à {email} avec le numéro de facture et les frais visés. Nous examinerons la demande, vous répondrons et corrigerons toute erreur constatée. Les montants non contestés demeurent payables à la date d’échéance. Les frais non contestés dans les 30 jours suivant la date de facturation sont réputés acceptés, sauf si la loi vous accorde un délai plus long.',
      ],
    },
    {
      heading: '5. Paiements et paiements automatiques',
      bullets: [
        'En effectuant un paiement, vous nous autorisez, ainsi que notre processeur de paiement, à porter le montant indiqué à la carte que vous choisissez.',
        'Lorsque vous activez les paiements automatiques, vous nous autorisez à débiter la carte choisie selon le calendrier et le montant sélectionnés jusqu’à ce que vous les désactiviez. Les modifications s’appliquent au prochain paiement prévu.',
        'Si un paiement est refusé, le montant demeure dû et les conditions de retard de paiement de votre contrat de service peuvent s’appliquer.',
        'Vous devez conserver au moins une carte valide au dossier tant que les paiements automatiques sont activés.',
      ],
    },
    {
      heading: '6. Utilisation acceptable',
      paragraphs: [
        'N’essayez pas d’accéder à des comptes ou à des données que vous n’êtes pas autorisé à consulter, de nuire au fonctionnement ou à la sécurité du tableau de bord, ni d’en extraire des données par des moyens automatisés, sauf au moyen des interfaces que nous offrons à cette fin. Nous pouvons suspendre l’accès pour vous protéger ou pour protéger nos autres clients ou nos systèmes.',
      ],
    },
    {
      heading: '7. Disponibilité et modifications',
      paragraphs: [
        'Nous visons à garder le tableau de bord disponible en tout temps, mais pouvons l’interrompre pour de l’entretien, pour des raisons de sécurité ou pour des raisons indépendantes de notre volonté. Nous pouvons modifier ou améliorer ses fonctions. Vos factures demeurent payables par les autres moyens prévus à votre contrat de service pendant toute interruption.',
      ],
    },
    {
      heading: '8. Services de tiers',
      paragraphs: [
        'Les paiements par carte sont traités par notre processeur de paiement et la connexion par votre organisation est fournie par son fournisseur d’identité. Leurs propres conditions et politiques de confidentialité s’appliquent aux parties du service qu’ils fournissent.',
      ],
    },
    {
      heading: '9. Responsabilité',
      paragraphs: [
        'Dans la mesure permise par la loi, notre responsabilité liée au tableau de bord est limitée de la façon prévue à votre contrat de service, et nous ne sommes pas responsables des pertes indirectes ou consécutives. Rien dans les présentes conditions ne limite les droits que vous confère la loi sur la protection du consommateur.',
      ],
    },
    {
      heading: '10. Modification des conditions',
      paragraphs: [
        'Nous pouvons mettre à jour les présentes conditions. Nous modifierons alors la date ci-dessus et, pour les changements importants, vous en aviserons dans le tableau de bord ou par courriel au moins 30 jours avant leur entrée en vigueur. Le fait de continuer à utiliser le tableau de bord par la suite signifie que vous acceptez les conditions mises à jour.',
      ],
    },
    {
      heading: '11. Droit applicable et coordonnées',
      paragraphs: [
        'Les présentes conditions sont régies par les lois qui régissent votre contrat de service. Pour toute question, appelez le {phone} ou écrivez à {email}.',
      ],
    },
  ],
};
