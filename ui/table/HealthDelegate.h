#pragma once

#include <QStyledItemDelegate>

// Tints rows by ObjectTableModel::HealthRole with colours mixed from the view's own palette,
// so unhealthy pods stand out in light and dark themes alike.
class HealthDelegate : public QStyledItemDelegate
{
    Q_OBJECT

public:
    using QStyledItemDelegate::QStyledItemDelegate;

    // The tint for a health value over base (invalid for Normal).
    static QColor tint(int health, const QColor &base);

protected:
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override;
};
