-- orderLabelsBy also takes the values the public clients send: createdAt and carrier
-- (veltix/montonio src/Shipping/Enum/OrderLabelsBy.php; makstech/montonio-php-sdk's tests).
ALTER TABLE label_files DROP CONSTRAINT label_files_order_labels_by_check;
ALTER TABLE label_files ADD CONSTRAINT label_files_order_labels_by_check
  CHECK (order_labels_by IN ('shipmentIds', 'trackingNumber', 'merchantReference', 'createdAt', 'carrier'));
